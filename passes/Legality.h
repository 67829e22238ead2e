//===- Legality.h - What an op may touch -------------------------*- C++ -*-===//
//
// Ops only pick targets these predicates allow, so every mutant verifies and
// lowers: terminators, PHIs, EH pads, allocas, token values and marker
// intrinsics are never moved or copied; constant-only operands (immarg, GEP
// struct indices, switch case values, callees) are never replaced.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_PASSES_LEGALITY_H
#define GEVO_PASSES_LEGALITY_H

namespace llvm {
class Instruction;
class Type;
class Use;
} // namespace llvm

namespace gevo {

/// A value of this type can be stood in for by another of the same type.
bool isRepairableType(const llvm::Type *T);
/// May be copied, moved, swapped, replaced or used as a replace donor.
bool isMovable(const llvm::Instruction &I);
/// May be deleted.
bool isDeletable(const llvm::Instruction &I);
/// An instruction may be inserted before this one.
bool isInsertionPoint(const llvm::Instruction &I);
/// The operand edit may give this slot another value.
bool isReplaceableOperand(const llvm::Use &U);

} // namespace gevo

#endif
