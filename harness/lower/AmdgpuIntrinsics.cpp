//===- AmdgpuIntrinsics.cpp - NVVM intrinsics as AMDGCN IR ----------------===//
//
// Special registers: tid and ctaid are the workitem and workgroup ids; ntid
// and nctaid come from the HSA dispatch packet (workgroup_size_* at byte 4,
// grid_size_* in work-items at byte 12). Barriers are s_barrier between
// workgroup-scope release and acquire fences, as HIP's __syncthreads.
// Warps: CUDA's 32-lane warps are the halves of a 64-lane wavefront (the
// threads of a block fill wavefronts in order), so lane = mbcnt & 31 and a
// shuffle is a ds_bpermute within the half; votes read the half's bits of
// a wavefront ballot.
//
//===----------------------------------------------------------------------===//

#include "AmdgpuRetarget.h"
#include "Nvvm.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace gevo {
namespace {

constexpr StringRef Target = "amdgpu";
constexpr unsigned WarpSize = 32;
// Byte offsets in hsa_kernel_dispatch_packet_t.
constexpr unsigned WorkgroupSizeOffset = 4, GridSizeOffset = 12;

class AmdgcnLowering {
public:
  Expected<Value *> lower(CallInst &CI, StringRef Rest);

private:
  Expected<Value *> lowerSreg(IRBuilder<> &B, CallInst &CI, StringRef Reg);
  Value *lowerBarrier(IRBuilder<> &B);
  Expected<Value *> lowerFence(IRBuilder<> &B, CallInst &CI, StringRef Form);
  Expected<Value *> lowerShuffle(IRBuilder<> &B, CallInst &CI, StringRef Form);
  Expected<Value *> lowerVote(IRBuilder<> &B, CallInst &CI, StringRef Form);
  Value *dispatchField(IRBuilder<> &B, unsigned Offset, Type *Ty);
  Value *laneInWave(IRBuilder<> &B);
  /// The 32 bits of a wavefront ballot of Pred that belong to this warp.
  Value *warpBallot(IRBuilder<> &B, Value *Pred);
};

Expected<Value *> AmdgcnLowering::lower(CallInst &CI, StringRef Rest) {
  IRBuilder<> B(&CI);
  if (Rest.consume_front("read.ptx.sreg."))
    return lowerSreg(B, CI, Rest);
  if (Rest == "barrier0" || Rest == "barrier.sync")
    return lowerBarrier(B);
  if (Rest.starts_with("membar.") || Rest.starts_with("fence."))
    return lowerFence(B, CI, Rest);
  if (Rest.consume_front("shfl.sync."))
    return lowerShuffle(B, CI, Rest);
  if (Rest.consume_front("vote."))
    return lowerVote(B, CI, Rest);
  if (Rest == "bar.warp.sync") {
    B.CreateFence(AtomicOrdering::AcquireRelease,
                  CI.getContext().getOrInsertSyncScopeID("wavefront"));
    B.CreateIntrinsic(Intrinsic::amdgcn_wave_barrier, {}, {});
    return nullptr;
  }
  if (Rest == "activemask")
    return warpBallot(B, B.getTrue());
  if (Rest.consume_front("atomic."))
    return lowerNvvmAtomic(B, CI, Rest, Target);
  if (Rest.starts_with("ldg.global."))
    return lowerLdg(B, CI);
  return unsupportedIntrinsic(Target, CI.getCalledFunction()->getName());
}

Value *AmdgcnLowering::dispatchField(IRBuilder<> &B, unsigned Offset,
                                     Type *Ty) {
  Value *Packet = B.CreateIntrinsic(Intrinsic::amdgcn_dispatch_ptr, {}, {});
  Value *Field = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Packet, Offset);
  LoadInst *L = B.CreateAlignedLoad(Ty, Field, Align(Ty->getScalarSizeInBits() / 8));
  L->setMetadata(LLVMContext::MD_invariant_load,
                 MDNode::get(B.getContext(), {}));
  return B.CreateZExt(L, B.getInt32Ty());
}

Value *AmdgcnLowering::laneInWave(IRBuilder<> &B) {
  Value *Lo = B.CreateIntrinsic(Intrinsic::amdgcn_mbcnt_lo, {},
                                {B.getInt32(~0u), B.getInt32(0)});
  return B.CreateIntrinsic(Intrinsic::amdgcn_mbcnt_hi, {},
                           {B.getInt32(~0u), Lo});
}

Value *AmdgcnLowering::warpBallot(IRBuilder<> &B, Value *Pred) {
  Value *Ballot = B.CreateIntrinsic(Intrinsic::amdgcn_ballot,
                                    {B.getInt64Ty()}, {Pred});
  Value *Base = B.CreateAnd(laneInWave(B), B.getInt32(WarpSize));
  return B.CreateTrunc(B.CreateLShr(Ballot, B.CreateZExt(Base, B.getInt64Ty())),
                       B.getInt32Ty());
}

Expected<Value *> AmdgcnLowering::lowerSreg(IRBuilder<> &B, CallInst &CI,
                                            StringRef Reg) {
  auto [Name, Dim] = Reg.split('.');
  unsigned Axis = StringSwitch<unsigned>(Dim).Case("x", 0).Case("y", 1)
                      .Case("z", 2).Default(3);
  static constexpr Intrinsic::ID WorkItem[] = {
      Intrinsic::amdgcn_workitem_id_x, Intrinsic::amdgcn_workitem_id_y,
      Intrinsic::amdgcn_workitem_id_z};
  static constexpr Intrinsic::ID WorkGroup[] = {
      Intrinsic::amdgcn_workgroup_id_x, Intrinsic::amdgcn_workgroup_id_y,
      Intrinsic::amdgcn_workgroup_id_z};
  Value *Lane = nullptr;
  if (Axis < 3 && Name == "tid")
    return B.CreateIntrinsic(WorkItem[Axis], {}, {});
  if (Axis < 3 && Name == "ctaid")
    return B.CreateIntrinsic(WorkGroup[Axis], {}, {});
  if (Axis < 3 && Name == "ntid")
    return dispatchField(B, WorkgroupSizeOffset + 2 * Axis, B.getInt16Ty());
  if (Axis < 3 && Name == "nctaid")
    return B.CreateUDiv(
        dispatchField(B, GridSizeOffset + 4 * Axis, B.getInt32Ty()),
        dispatchField(B, WorkgroupSizeOffset + 2 * Axis, B.getInt16Ty()));
  if (Reg == "warpsize")
    return B.getInt32(WarpSize);
  if (Reg == "laneid" || Reg.starts_with("lanemask_"))
    Lane = B.CreateAnd(laneInWave(B), B.getInt32(WarpSize - 1));
  if (Reg == "laneid")
    return Lane;
  if (!Lane)
    return unsupportedIntrinsic(Target, CI.getCalledFunction()->getName());
  // lanemask_X: the lanes whose id is X this lane's (computed in 64 bits so
  // that 1 << 32 is defined).
  Value *Bit = B.CreateShl(B.getInt64(1), B.CreateZExt(Lane, B.getInt64Ty()));
  Value *Lt = B.CreateSub(Bit, B.getInt64(1));
  Value *Mask = StringSwitch<Value *>(Reg)
                    .Case("lanemask_eq", Bit).Case("lanemask_lt", Lt)
                    .Case("lanemask_le", B.CreateOr(Lt, Bit))
                    .Case("lanemask_gt", B.CreateNot(B.CreateOr(Lt, Bit)))
                    .Case("lanemask_ge", B.CreateNot(Lt))
                    .Default(nullptr);
  if (!Mask)
    return unsupportedIntrinsic(Target, CI.getCalledFunction()->getName());
  return B.CreateTrunc(Mask, B.getInt32Ty());
}

Value *AmdgcnLowering::lowerBarrier(IRBuilder<> &B) {
  SyncScope::ID Workgroup = B.getContext().getOrInsertSyncScopeID("workgroup");
  B.CreateFence(AtomicOrdering::Release, Workgroup);
  B.CreateIntrinsic(Intrinsic::amdgcn_s_barrier, {}, {});
  B.CreateFence(AtomicOrdering::Acquire, Workgroup);
  return nullptr;
}

Expected<Value *> AmdgcnLowering::lowerFence(IRBuilder<> &B, CallInst &CI,
                                             StringRef Form) {
  std::optional<StringRef> Scope =
      StringSwitch<std::optional<StringRef>>(Form)
          .Case("membar.cta", StringRef("workgroup"))
          .Case("membar.gl", StringRef("agent"))
          .Case("membar.sys", StringRef(""))
          .Default(std::nullopt);
  if (!Scope)
    return unsupportedIntrinsic(Target, CI.getCalledFunction()->getName());
  B.CreateFence(AtomicOrdering::SequentiallyConsistent,
                Scope->empty()
                    ? SyncScope::ID(SyncScope::System)
                    : B.getContext().getOrInsertSyncScopeID(*Scope));
  return nullptr;
}

/// shfl.sync.<mode>.<i32|f32>[p](mask, value, b, c) as PTX defines it: c
/// holds the clamp (bits 0-4) and the segment mask (bits 8-12); a source
/// lane out of range reads the lane's own value. The "p" forms also return
/// whether the source was in range.
Expected<Value *> AmdgcnLowering::lowerShuffle(IRBuilder<> &B, CallInst &CI,
                                               StringRef Form) {
  auto [Mode, TypeName] = Form.split('.');
  bool WithPred = TypeName.consume_back("p");
  if ((TypeName != "i32" && TypeName != "f32") ||
      !is_contained({"idx", "up", "down", "bfly"}, Mode))
    return unsupportedIntrinsic(Target, CI.getCalledFunction()->getName());
  Value *Wave = laneInWave(B);
  Value *Lane = B.CreateAnd(Wave, B.getInt32(WarpSize - 1));
  Value *Bv = B.CreateAnd(CI.getArgOperand(2), B.getInt32(WarpSize - 1));
  Value *C = CI.getArgOperand(3);
  Value *Clamp = B.CreateAnd(C, B.getInt32(0x1f));
  Value *SegMask = B.CreateAnd(B.CreateLShr(C, B.getInt32(8)), B.getInt32(0x1f));
  Value *MinLane = B.CreateAnd(Lane, SegMask);
  Value *MaxLane = B.CreateOr(MinLane, B.CreateAnd(Clamp, B.CreateNot(SegMask)));
  Value *Src, *InRange;
  if (Mode == "idx") {
    Src = B.CreateOr(MinLane, B.CreateAnd(Bv, B.CreateNot(SegMask)));
    InRange = B.CreateICmpSLE(Src, MaxLane);
  } else if (Mode == "up") {
    Src = B.CreateSub(Lane, Bv);
    InRange = B.CreateICmpSGE(Src, MaxLane);
  } else {
    Src = Mode == "down" ? B.CreateAdd(Lane, Bv) : B.CreateXor(Lane, Bv);
    InRange = B.CreateICmpSLE(Src, MaxLane);
  }
  Src = B.CreateSelect(InRange, B.CreateAnd(Src, B.getInt32(WarpSize - 1)),
                       Lane);
  Value *Base = B.CreateAnd(Wave, B.getInt32(WarpSize));
  Value *Address = B.CreateShl(B.CreateOr(Base, Src), B.getInt32(2));
  Value *Bits = B.CreateBitCast(CI.getArgOperand(1), B.getInt32Ty());
  Value *Got = B.CreateIntrinsic(Intrinsic::amdgcn_ds_bpermute, {},
                                 {Address, Bits});
  Value *Result = B.CreateBitCast(
      Got, WithPred ? CI.getType()->getStructElementType(0) : CI.getType());
  if (!WithPred)
    return Result;
  Value *Pair = B.CreateInsertValue(PoisonValue::get(CI.getType()), Result, 0);
  return B.CreateInsertValue(Pair, InRange, 1);
}

Expected<Value *> AmdgcnLowering::lowerVote(IRBuilder<> &B, CallInst &CI,
                                            StringRef Form) {
  Value *Pred = CI.getArgOperand(1);
  if (Form == "ballot.sync")
    return warpBallot(B, Pred);
  Value *Yes = warpBallot(B, Pred);
  Value *No = warpBallot(B, B.CreateNot(Pred));
  Value *Zero = B.getInt32(0);
  if (Form == "any.sync")
    return B.CreateICmpNE(Yes, Zero);
  if (Form == "all.sync")
    return B.CreateICmpEQ(No, Zero);
  if (Form == "uni.sync")
    return B.CreateOr(B.CreateICmpEQ(Yes, Zero), B.CreateICmpEQ(No, Zero));
  return unsupportedIntrinsic(Target, CI.getCalledFunction()->getName());
}

} // namespace

Error lowerNvvmForAmdgcn(Module &M) {
  AmdgcnLowering Lowering;
  return replaceNvvmCalls(M, [&](CallInst &CI, StringRef Rest) {
    return Lowering.lower(CI, Rest);
  });
}

} // namespace gevo
