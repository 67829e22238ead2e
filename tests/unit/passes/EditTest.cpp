//===- EditTest.cpp - Text form of edits ------------------------------------===//

#include "gevo/passes/Edit.h"

#include <gtest/gtest.h>

using namespace gevo;

namespace {

Edit parseOk(llvm::StringRef Line) {
  auto E = parseEdit(Line);
  EXPECT_TRUE(static_cast<bool>(E)) << Line.str();
  if (!E) {
    llvm::consumeError(E.takeError());
    return Edit();
  }
  return *E;
}

std::string parseErr(llvm::StringRef Line) {
  auto E = parseEdit(Line);
  EXPECT_FALSE(static_cast<bool>(E)) << Line.str();
  return E ? "" : llvm::toString(E.takeError());
}

TEST(EditText, EveryOpRoundTrips) {
  const char *Lines[] = {
      "copy U12 U40 fix=U12@U40:0=A1 fix=U12@U40:2=C use=U52:1",
      "delete U12 fix=U40:0=U3 fix=U41:1=@_ZZ4tileE2sh",
      "move U12 U40 fix=U12:1=U7 use=U13:0",
      "replace U12 U20 fix=U20@U12:0=U3",
      "operand U12:1 U3",
      "operand U12:0 C",
      "swap U12 U20",
      "swap U12@U4~2 U20 fix=U20:0=A0",
  };
  for (const char *L : Lines) {
    Edit E = parseOk(L);
    EXPECT_EQ(printEdit(E), L);
    EXPECT_EQ(parseOk(printEdit(E)), E);
  }
}

TEST(EditText, FieldsLandWhereTheyBelong) {
  Edit E = parseOk("copy U12 U40 fix=U12@U40:0=A1 use=U52:1");
  EXPECT_EQ(E.Op, OpKind::Copy);
  EXPECT_EQ(E.Target, "U12");
  EXPECT_EQ(E.Other, "U40");
  ASSERT_EQ(E.Fixes.size(), 1u);
  EXPECT_EQ(E.Fixes[0].Where.User, "U12@U40");
  EXPECT_EQ(E.Fixes[0].Where.Index, 0u);
  EXPECT_EQ(E.Fixes[0].Value, "A1");
  ASSERT_TRUE(E.Use.has_value());
  EXPECT_EQ(E.Use->User, "U52");
  EXPECT_EQ(E.Use->Index, 1u);

  Edit O = parseOk("operand U7:2 @g");
  EXPECT_EQ(O.Target, "U7");
  EXPECT_EQ(O.OperandIndex, 2u);
  EXPECT_EQ(O.Other, "@g");
}

TEST(EditText, EqualityLooksAtEveryField) {
  Edit A = parseOk("copy U1 U2 fix=U1@U2:0=A0 use=U3:0");
  EXPECT_NE(A, parseOk("copy U1 U2 fix=U1@U2:0=A1 use=U3:0"));
  EXPECT_NE(A, parseOk("copy U1 U2 fix=U1@U2:0=A0 use=U3:1"));
  EXPECT_NE(A, parseOk("copy U1 U2 fix=U1@U2:0=A0"));
  EXPECT_NE(A, parseOk("move U1 U2 fix=U1@U2:0=A0 use=U3:0"));
}

TEST(EditText, BadEditsSayWhatIsWrong) {
  const std::pair<const char *, const char *> Cases[] = {
      {"frobnicate U1", "unknown op 'frobnicate'"},
      {"copy U1", "needs 2 arguments"},
      {"delete 12", "bad instruction '12'"},
      {"operand U1 U2", "bad operand slot"},
      {"copy U1 U2 fix=U1:x=C", "bad operand slot"},
      {"copy U1 U2 fix=U1:0=zz", "bad value 'zz'"},
      {"swap U1 U2 extra", "unexpected 'extra'"},
      {"operand U1:0 Ax", "bad argument"},
  };
  for (const auto &[Line, Want] : Cases)
    EXPECT_NE(parseErr(Line).find(Want), std::string::npos) << Line;
}

TEST(EditText, ListsSkipCommentsAndNameTheBadLine) {
  auto L = parseEdits("# made by gevo\n\ndelete U1\n  swap U2 U3  \n");
  ASSERT_TRUE(static_cast<bool>(L));
  ASSERT_EQ(L->size(), 2u);
  EXPECT_EQ(printEdits(*L), "delete U1\nswap U2 U3\n");

  auto Bad = parseEdits("delete U1\n\nswap U2\n");
  ASSERT_FALSE(static_cast<bool>(Bad));
  EXPECT_NE(llvm::toString(Bad.takeError()).find("line 3:"),
            std::string::npos);
}

TEST(EditText, OpNamesComeFromTheRegistry) {
  ASSERT_FALSE(allOps().empty());
  for (OpKind Op : allOps()) {
    EXPECT_EQ(parseOpName(opName(Op)), Op);
    EXPECT_FALSE(opHelp(Op).empty());
    EXPECT_NE(opDescription(Op).find("{T}"), llvm::StringRef::npos) << opName(Op).str();
  }
  EXPECT_FALSE(parseOpName("nope").has_value());
}

TEST(EditText, EachOpsFormDecidesItsArguments) {
  // Whatever ops the registry holds, an edit in its op's form prints and
  // parses back, and one argument short is an error naming the op.
  for (OpKind Op : allOps()) {
    Edit E;
    E.Op = Op;
    E.Target = "U7";
    EditForm Form = opForm(Op);
    if (Form != EditForm::OneUid)
      E.Other = Form == EditForm::OperandValue ? "A1" : "U9";
    if (Form == EditForm::OperandValue)
      E.OperandIndex = 2;
    std::string Line = printEdit(E);
    EXPECT_EQ(parseOk(Line), E) << Line;
    std::string Short = opName(Op).str() + (Form == EditForm::OneUid ? "" : " U7");
    EXPECT_NE(parseErr(Short).find("'" + opName(Op).str() + "' needs"), std::string::npos)
        << Short;
  }
  EXPECT_EQ(opForm(OpKind::Delete), EditForm::OneUid);
  EXPECT_EQ(opForm(OpKind::Operand), EditForm::OperandValue);
  EXPECT_EQ(opForm(OpKind::Swap), EditForm::TwoUids);
}

} // namespace
