//===- Uid.h - Stable instruction UIDs ---------------------------*- C++ -*-===//
//
// Every instruction of a defined function carries !gevo.uid !{!"U<n>"}.
// Naming is idempotent: instructions that have a UID keep it, new ones are
// numbered after the largest number in use. Instructions created by edits
// get UIDs derived from the edit (see EditSession::deriveUid).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_PASSES_UID_H
#define GEVO_PASSES_UID_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class Instruction;
class Module;
} // namespace llvm

namespace gevo {

inline constexpr const char *UidMetadataKind = "gevo.uid";

/// Gives a UID to every instruction that has none; returns how many it named.
unsigned nameInstructions(llvm::Module &M);

/// The instruction's UID, or "" when it has none.
llvm::StringRef getUid(const llvm::Instruction &I);
void setUid(llvm::Instruction &I, llvm::StringRef Uid);

/// UID -> instruction for one module, kept up to date by the edit session.
class UidMap {
public:
  explicit UidMap(llvm::Module &M);
  llvm::Instruction *lookup(llvm::StringRef Uid) const {
    return Map.lookup(Uid);
  }
  bool contains(llvm::StringRef Uid) const { return Map.count(Uid); }
  void insert(llvm::Instruction &I);
  void erase(llvm::StringRef Uid) { Map.erase(Uid); }

private:
  llvm::StringMap<llvm::Instruction *> Map;
};

} // namespace gevo

#endif
