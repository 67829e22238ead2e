//===- Nvvm.cpp - Replacing NVVM intrinsics, for every target -------------===//

#include "Nvvm.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace gevo {

Error unsupportedIntrinsic(StringRef Target, StringRef Name) {
  return createStringError(inconvertibleErrorCode(),
                           "the %s target does not support intrinsic %s",
                           Target.str().c_str(), Name.str().c_str());
}

Error replaceNvvmCalls(Module &M, NvvmLowerFn Lower) {
  for (Function &F : make_early_inc_range(M)) {
    if (!F.getName().starts_with("llvm.nvvm."))
      continue;
    StringRef Rest = F.getName().drop_front(strlen("llvm.nvvm."));
    for (User *U : make_early_inc_range(F.users())) {
      auto *CI = dyn_cast<CallInst>(U);
      if (!CI || CI->getCalledFunction() != &F)
        return createStringError(inconvertibleErrorCode(),
                                 "%s is used other than by a call",
                                 F.getName().str().c_str());
      Expected<Value *> R = Lower(*CI, Rest);
      if (!R)
        return R.takeError();
      if (*R)
        CI->replaceAllUsesWith(*R);
      CI->eraseFromParent();
    }
    F.eraseFromParent();
  }
  return Error::success();
}

Expected<Value *> lowerNvvmAtomic(IRBuilder<> &B, CallInst &CI, StringRef Form,
                                  StringRef Target) {
  Form.consume_front("load.");
  StringRef Op = Form.split('.').first;
  bool IsFloat = Form.contains(".f.");
  Value *Ptr = CI.getArgOperand(0), *Val = CI.getArgOperand(1);
  auto Order = AtomicOrdering::Monotonic;
  if (Op == "cas")
    return B.CreateExtractValue(
        B.CreateAtomicCmpXchg(Ptr, Val, CI.getArgOperand(2), MaybeAlign(),
                              Order, Order),
        0);
  using BinOp = AtomicRMWInst::BinOp;
  BinOp Kind = StringSwitch<BinOp>(Op)
                   .Case("add", IsFloat ? BinOp::FAdd : BinOp::Add)
                   .Case("exch", BinOp::Xchg).Case("max", BinOp::Max)
                   .Case("min", BinOp::Min).Case("inc", BinOp::UIncWrap)
                   .Case("dec", BinOp::UDecWrap).Case("and", BinOp::And)
                   .Case("or", BinOp::Or).Case("xor", BinOp::Xor)
                   .Default(BinOp::BAD_BINOP);
  if (Kind == BinOp::BAD_BINOP)
    return unsupportedIntrinsic(Target, CI.getCalledFunction()->getName());
  return B.CreateAtomicRMW(Kind, Ptr, Val, MaybeAlign(), Order);
}

Value *lowerLdg(IRBuilder<> &B, CallInst &CI) {
  auto Align = cast<ConstantInt>(CI.getArgOperand(1))->getZExtValue();
  return B.CreateAlignedLoad(CI.getType(), CI.getArgOperand(0),
                             MaybeAlign(Align));
}

ScopeSpan scopeSpan(LLVMContext &Ctx, SyncScope::ID Id) {
  if (Id == SyncScope::SingleThread)
    return ScopeSpan::Thread;
  if (Id == SyncScope::System)
    return ScopeSpan::System;
  SmallVector<StringRef> Names;
  Ctx.getSyncScopeNames(Names);
  StringRef Name = Id < Names.size() ? Names[Id] : "";
  return StringSwitch<ScopeSpan>(Name)
      .Case("singlethread", ScopeSpan::Thread)
      .Cases("warp", "wavefront", ScopeSpan::Warp)
      .Cases("block", "cta", "workgroup", ScopeSpan::Block)
      .Default(ScopeSpan::Device);
}

} // namespace gevo
