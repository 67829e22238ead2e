//===- Edit.h - One mutation with every choice it made ----------*- C++ -*-===//
//
// An edit names its targets by instruction UID and records every choice the
// op made (repair values, the user rewired to a new value), so replaying it
// needs no randomness. Text form, one edit per line:
//
//   copy U12 U40 fix=U12@U40:0=A1 use=U52:1   copy U12 before U40
//   delete U12 fix=U40:0=U3                    delete U12, its user U40 gets U3
//   move U12 U40 fix=... use=...               move U12 before U40
//   replace U12 U20 fix=...                    U12 becomes a copy of U20
//   operand U12:1 U3                           operand 1 of U12 becomes U3
//   swap U12 U20 fix=...                       swap U12 and U20
//
// Values are written U<uid> (an instruction), A<n> (argument n), @name (a
// global variable) or C (the type's fallback constant: 1, 1.0 or null).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_PASSES_EDIT_H
#define GEVO_PASSES_EDIT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace gevo {

enum class OpKind {
#define GEVO_OP(Enum, Name, Form, Description, Help) Enum,
#include "gevo/passes/Ops.def"
};

/// The positional arguments of an op's text form.
enum class EditForm {
  OneUid,      ///< "delete U12"
  TwoUids,     ///< "swap U12 U20"
  OperandValue ///< "operand U12:1 U3": an operand slot, then a value
};

/// Every op, in registry order.
llvm::ArrayRef<OpKind> allOps();
llvm::StringRef opName(OpKind Op);
llvm::StringRef opHelp(OpKind Op);
EditForm opForm(OpKind Op);
/// How a report describes an edit of Op: {T} stands for the target
/// instruction, {O} for the other argument, {I} for the operand index.
llvm::StringRef opDescription(OpKind Op);
std::optional<OpKind> parseOpName(llvm::StringRef Name);

/// An operand slot: operand Index of the instruction with UID User.
struct OperandRef {
  std::string User;
  unsigned Index = 0;
  bool operator==(const OperandRef &O) const {
    return User == O.User && Index == O.Index;
  }
};

/// A repair: the slot Where now uses the value written Value.
struct Fix {
  OperandRef Where;
  std::string Value;
  bool operator==(const Fix &O) const {
    return Where == O.Where && Value == O.Value;
  }
};

struct Edit {
  OpKind Op = OpKind::Copy;
  /// copy/move: the instruction moved or copied; delete: the one removed;
  /// replace: the one replaced; operand: the user; swap: the first one.
  std::string Target;
  /// copy/move: insert before this; replace: the donor; swap: the second
  /// one; operand: the new value; delete: empty.
  std::string Other;
  /// operand: which operand of Target.
  unsigned OperandIndex = 0;
  std::vector<Fix> Fixes;
  /// copy/move: the operand slot rewired to use the new value.
  std::optional<OperandRef> Use;

  bool operator==(const Edit &O) const;
  bool operator!=(const Edit &O) const { return !(*this == O); }
};

std::string printEdit(const Edit &E);
llvm::Expected<Edit> parseEdit(llvm::StringRef Line);

/// One edit per line; parseEdits skips blank lines and '#' comments and
/// names the line of the first bad edit.
std::string printEdits(llvm::ArrayRef<Edit> Edits);
llvm::Expected<std::vector<Edit>> parseEdits(llvm::StringRef Text);

} // namespace gevo

#endif
