//===- Edit.cpp - Text form of edits ----------------------------------------===//

#include "gevo/passes/Edit.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace gevo {

namespace {
struct OpInfo {
  OpKind Op;
  StringRef Name;
  EditForm Form;
  StringRef Description;
  StringRef Help;
};
const OpInfo OpTable[] = {
#define GEVO_OP(Enum, Name, Form, Description, Help)                           \
  {OpKind::Enum, Name, EditForm::Form, Description, Help},
#include "gevo/passes/Ops.def"
};
const OpKind OpList[] = {
#define GEVO_OP(Enum, Name, Form, Description, Help) OpKind::Enum,
#include "gevo/passes/Ops.def"
};

Error editError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

bool isUidToken(StringRef S) { return S.size() > 1 && S.front() == 'U'; }

/// A value token: U<uid>, A<n>, @name or C.
bool isValueToken(StringRef S) {
  unsigned ArgNo;
  if (S == "C" || isUidToken(S))
    return true;
  if (S.size() > 1 && S.front() == '@')
    return true;
  return S.size() > 1 && S.front() == 'A' && !S.drop_front().getAsInteger(10, ArgNo);
}

std::string printRef(const OperandRef &R) {
  return R.User + ":" + std::to_string(R.Index);
}

Expected<OperandRef> parseRef(StringRef S) {
  auto [User, Index] = S.split(':');
  OperandRef R;
  R.User = User.str();
  if (!isUidToken(User) || Index.getAsInteger(10, R.Index))
    return editError("bad operand slot '" + S + "' (expected U<uid>:<index>)");
  return R;
}

Expected<Fix> parseFix(StringRef S) {
  auto [Where, Value] = S.split('=');
  auto Ref = parseRef(Where);
  if (!Ref)
    return Ref.takeError();
  if (!isValueToken(Value))
    return editError("bad value '" + Value + "' in fix '" + S + "'");
  return Fix{*Ref, Value.str()};
}

/// Parses the key=value tokens after an edit's positional arguments.
Error parseOptions(ArrayRef<StringRef> Tokens, Edit &E) {
  for (StringRef T : Tokens) {
    if (T.consume_front("fix=")) {
      auto F = parseFix(T);
      if (!F)
        return F.takeError();
      E.Fixes.push_back(std::move(*F));
    } else if (T.consume_front("use=")) {
      auto R = parseRef(T);
      if (!R)
        return R.takeError();
      E.Use = std::move(*R);
    } else {
      return editError("unexpected '" + T + "' (expected fix=... or use=...)");
    }
  }
  return Error::success();
}
} // namespace

ArrayRef<OpKind> allOps() { return OpList; }

StringRef opName(OpKind Op) { return OpTable[static_cast<int>(Op)].Name; }
StringRef opHelp(OpKind Op) { return OpTable[static_cast<int>(Op)].Help; }
EditForm opForm(OpKind Op) { return OpTable[static_cast<int>(Op)].Form; }
StringRef opDescription(OpKind Op) {
  return OpTable[static_cast<int>(Op)].Description;
}

std::optional<OpKind> parseOpName(StringRef Name) {
  for (const OpInfo &I : OpTable)
    if (I.Name == Name)
      return I.Op;
  return std::nullopt;
}

bool Edit::operator==(const Edit &O) const {
  return Op == O.Op && Target == O.Target && Other == O.Other &&
         OperandIndex == O.OperandIndex && Fixes == O.Fixes && Use == O.Use;
}

std::string printEdit(const Edit &E) {
  EditForm Form = opForm(E.Op);
  std::string S = opName(E.Op).str() + " " + E.Target;
  if (Form == EditForm::OperandValue)
    S += ":" + std::to_string(E.OperandIndex);
  if (Form != EditForm::OneUid)
    S += " " + E.Other;
  for (const Fix &F : E.Fixes)
    S += " fix=" + printRef(F.Where) + "=" + F.Value;
  if (E.Use)
    S += " use=" + printRef(*E.Use);
  return S;
}

Expected<Edit> parseEdit(StringRef Line) {
  SmallVector<StringRef, 8> Tokens;
  SplitString(Line, Tokens);
  if (Tokens.empty())
    return editError("empty edit");
  auto Op = parseOpName(Tokens[0]);
  if (!Op)
    return editError("unknown op '" + Tokens[0] + "'");
  Edit E;
  E.Op = *Op;
  EditForm Form = opForm(E.Op);
  size_t Positional = Form == EditForm::OneUid ? 2 : 3;
  if (Tokens.size() < Positional)
    return editError("'" + Tokens[0] + "' needs " + Twine(Positional - 1) +
                     " arguments");
  StringRef Target = Tokens[1];
  if (Form == EditForm::OperandValue) {
    auto R = parseRef(Target);
    if (!R)
      return R.takeError();
    E.Target = R->User;
    E.OperandIndex = R->Index;
  } else if (!isUidToken(Target)) {
    return editError("bad instruction '" + Target + "' (expected U<uid>)");
  } else {
    E.Target = Target.str();
  }
  if (Positional == 3) {
    StringRef Other = Tokens[2];
    bool Ok = Form == EditForm::OperandValue ? isValueToken(Other) : isUidToken(Other);
    if (!Ok)
      return editError("bad argument '" + Other + "'");
    E.Other = Other.str();
  }
  if (Error Err = parseOptions(ArrayRef(Tokens).drop_front(Positional), E))
    return Err;
  return E;
}

std::string printEdits(ArrayRef<Edit> Edits) {
  std::string S;
  for (const Edit &E : Edits)
    S += printEdit(E) + "\n";
  return S;
}

Expected<std::vector<Edit>> parseEdits(StringRef Text) {
  std::vector<Edit> Edits;
  SmallVector<StringRef, 16> Lines;
  Text.split(Lines, '\n');
  for (auto [No, Line] : enumerate(Lines)) {
    StringRef L = Line.trim();
    if (L.empty() || L.starts_with("#"))
      continue;
    auto E = parseEdit(L);
    if (!E)
      return editError("line " + Twine(No + 1) + ": " + toString(E.takeError()));
    Edits.push_back(std::move(*E));
  }
  return Edits;
}

} // namespace gevo
