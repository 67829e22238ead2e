//===- Uid.cpp - Stable instruction UIDs ------------------------------------===//

#include "gevo/passes/Uid.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

#include <algorithm>

using namespace llvm;

namespace gevo {

StringRef getUid(const Instruction &I) {
  MDNode *N = I.getMetadata(UidMetadataKind);
  if (!N || N->getNumOperands() != 1)
    return "";
  if (auto *S = dyn_cast<MDString>(N->getOperand(0)))
    return S->getString();
  return "";
}

void setUid(Instruction &I, StringRef Uid) {
  LLVMContext &Ctx = I.getContext();
  I.setMetadata(UidMetadataKind, MDNode::get(Ctx, MDString::get(Ctx, Uid)));
}

unsigned nameInstructions(Module &M) {
  // Base UIDs are U<number>; continue after the largest one in use.
  uint64_t Next = 0;
  for (Function &F : M)
    for (Instruction &I : instructions(F)) {
      uint64_t N;
      StringRef Uid = getUid(I);
      if (Uid.consume_front("U") && !Uid.getAsInteger(10, N))
        Next = std::max(Next, N + 1);
    }
  unsigned Named = 0;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (getUid(I).empty()) {
        setUid(I, "U" + std::to_string(Next++));
        ++Named;
      }
  return Named;
}

UidMap::UidMap(Module &M) {
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      insert(I);
}

void UidMap::insert(Instruction &I) {
  StringRef Uid = getUid(I);
  if (!Uid.empty())
    Map[Uid] = &I;
}

} // namespace gevo
