//===- RaceChecks.cpp - Every shared and global access, for the judge -----===//
//
// Every load, store, atomic and memory intrinsic that may reach shared or
// global memory (not provably a local or a read-only global, nor the
// launcher's own loads of the arguments) calls the runtime (gevo_rt_access,
// through a preserve_most thunk) with its address, size, RaceFlags, site
// and UID, after its memory check. With the performance model (Perf.h),
// reads of read-only globals call it too, and so does every access when
// races are not checked, in traced blocks only (AccessNoRace). The runtime
// records the access in the shadow (Race.h); on a race or an uninitialized
// read it records the fault in the context and answers non-zero, and the
// function returns. Accesses to a thread's own stack through a pointer the
// code could not tell apart are let through by the runtime.
//
// A plain load whose value is only, through casts, the expected value of
// the first compare-and-swap of its address (directly or as the loop phi's
// first value) is the seed of a CAS loop (RaceCasSeed, marked before the
// address spaces are lowered): the swap checks what it read, so it races
// with no atomic. A fence of the GPU or system scope calls the runtime too
// (RaceFence, no address): the thread's next atomic releases (Race.h).
//
// A read through a kernel argument the kernel never writes through (and
// through nothing it cannot trace) cannot race when no written argument
// points into the same buffer: the launch publishes such an argument's
// buffer in ReadOnlyArgsVar, and a read inside it skips the runtime.
//
//===----------------------------------------------------------------------===//

#include "Instrument.h"
#include "Nvvm.h"
#include "Race.h"
#include "Runtime.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace gevo::cpu {
namespace {

/// Whether \p I calls libdevice (__nv_uint_as_float and the like: values
/// only).
bool isLibdeviceCall(const Instruction &I) {
  const auto *Call = dyn_cast<CallBase>(&I);
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  return Callee && Callee->isDeclaration() &&
         Callee->getName().starts_with("__nv_");
}

/// \p P without casts, inline PTX's round trips through integers included.
const Value *addressOf(const Value *P) {
  for (;;) {
    P = P->stripPointerCasts();
    const auto *ToPtr = dyn_cast<Operator>(P); // (instruction or constant)
    if (!ToPtr || ToPtr->getOpcode() != Instruction::IntToPtr)
      return P;
    const auto *ToInt = dyn_cast<Operator>(ToPtr->getOperand(0));
    if (!ToInt || ToInt->getOpcode() != Instruction::PtrToInt)
      return P;
    P = ToInt->getOperand(0);
  }
}

/// \p V through value-preserving casts and libdevice reinterpretations
/// (__uint_as_float and the like), or null when it is something else.
const Value *castOf(const Value *V) {
  if (const auto *C = dyn_cast<CastInst>(V))
    return C->getOperand(0);
  if (const auto *I = dyn_cast<Instruction>(V); I && isLibdeviceCall(*I))
    return cast<CallBase>(I)->getArgOperand(0);
  return nullptr;
}

/// Whether \p V is the old value a compare-and-swap of \p Ptr read.
bool isSwapResult(const Value *V, const Value *Ptr) {
  while (const Value *From = castOf(V))
    V = From;
  const auto *Old = dyn_cast<ExtractValueInst>(V);
  const auto *Cas =
      Old ? dyn_cast<AtomicCmpXchgInst>(Old->getAggregateOperand()) : nullptr;
  return Cas && Old->getIndices()[0] == 0 &&
         addressOf(Cas->getPointerOperand()) == Ptr;
}

/// Whether \p V is, through casts, the expected value of a compare-and-swap
/// of \p Ptr.
bool expectedBy(const Value *V, const Value *Ptr) {
  return any_of(V->users(), [&](const User *U) {
    if (const auto *Cas = dyn_cast<AtomicCmpXchgInst>(U))
      return Cas->getCompareOperand() == V &&
             addressOf(Cas->getPointerOperand()) == Ptr;
    return castOf(U) && expectedBy(U, Ptr);
  });
}

/// Whether \p V reaches, through casts, only the expected value of a
/// compare-and-swap of \p Ptr (and that at least once).
bool onlyExpects(const Value *V, const Value *Ptr) {
  bool Expects = false;
  for (const Use &U : V->uses()) {
    const auto *User = cast<Instruction>(U.getUser());
    if (const auto *Cas = dyn_cast<AtomicCmpXchgInst>(User)) {
      if (U.getOperandNo() != 1 || addressOf(Cas->getPointerOperand()) != Ptr)
        return false;
      Expects = true;
    } else if (castOf(User)) {
      if (!onlyExpects(User, Ptr))
        return false;
      Expects = true;
    } else if (const auto *Phi = dyn_cast<PHINode>(User)) {
      // The loop's phi: the seed first, then what each swap read. Its value
      // after the loop is a swap's, so only its way into the swap counts.
      if (none_of(Phi->incoming_values(),
                  [&](const Value *In) { return isSwapResult(In, Ptr); }))
        return false;
      if (!expectedBy(Phi, Ptr))
        return false;
      Expects = true;
    } else {
      return false; // stored, an address, or computed with: it escapes
    }
  }
  return Expects;
}

/// Whether \p L seeds a compare-and-swap loop on its own address: its value
/// is the expected value of the first swap (directly, or as the loop phi's
/// first value) and goes nowhere else.
bool seedsCompareExchange(const LoadInst &L) {
  return onlyExpects(&L, addressOf(L.getPointerOperand()));
}

/// Whether \p Fence's scope spans blocks (not a block's, a warp's or a
/// thread's).
bool ordersBlocks(const FenceInst &Fence) {
  ScopeSpan Span = scopeSpan(Fence.getContext(), Fence.getSyncScopeID());
  return Span == ScopeSpan::Device || Span == ScopeSpan::System;
}

} // namespace

void markCasSeeds(Module &M) {
  MDNode *Mark = MDNode::get(M.getContext(), {});
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *L = dyn_cast<LoadInst>(&I);
          L && !L->isAtomic() && seedsCompareExchange(*L))
        L->setMetadata(CasSeedMD, Mark);
}

FunctionInstrumenter::Space
FunctionInstrumenter::spaceOf(const Value *Ptr) const {
  const Value *Base = getUnderlyingObject(Ptr, 0);
  if (isa<AllocaInst>(Base) || isContextCall(Base))
    return Space::Private;
  auto *G = dyn_cast<GlobalVariable>(Base);
  return G && (G->isConstant() || S.ReadOnly->contains(G->getName()))
             ? Space::ReadOnly
             : Space::Other;
}

std::optional<uint64_t>
FunctionInstrumenter::argumentsOf(const Value *Ptr) const {
  if (!Kernel)
    return std::nullopt;
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(Ptr, Objects, nullptr, 0);
  uint64_t Mask = 0;
  for (const Value *O : Objects) {
    uint64_t No = 64;
    if (auto *A = dyn_cast<Argument>(O); A && !Kernel->RunsBlock)
      No = A->getArgNo();
    else if (auto *L = dyn_cast<LoadInst>(O))
      if (MDNode *MD = L->getMetadata(KernelArgMD))
        No = mdconst::extract<ConstantInt>(MD->getOperand(0))->getZExtValue();
    if (No >= 64)
      return std::nullopt;
    Mask |= uint64_t(1) << No;
  }
  return Mask ? std::optional(Mask) : std::nullopt;
}

void FunctionInstrumenter::traceArguments() {
  auto It = S.Entries->find(&F);
  // Without the memory checks an access may leave its buffer.
  if (It == S.Entries->end() || !S.Opts.Checks)
    return;
  Kernel = It->second;
  uint64_t Read = 0, Written = 0;
  bool Untraced = false;
  SmallVector<RaceAccess> Accesses;
  for (Instruction &I : instructions(F)) {
    // A function of the module may write anywhere (the runtime's entries
    // and intrinsics write only what their own accesses here say).
    if (auto *Call = dyn_cast<CallBase>(&I);
        Call && Call->mayWriteToMemory() && !isa<IntrinsicInst>(Call) &&
        (!Call->getCalledFunction() ||
         !Call->getCalledFunction()->isDeclaration()))
      Untraced = true;
    collectRaceAccesses(I, Accesses);
  }
  for (const RaceAccess &A : Accesses) {
    std::optional<uint64_t> Args = argumentsOf(A.Ptr);
    if (A.Flags & (RaceWrite | RaceAtomic)) {
      // Shared memory and module variables are not argument buffers.
      SmallVector<const Value *, 4> Objects;
      getUnderlyingObjects(A.Ptr, Objects, nullptr, 0);
      bool OwnMemory = all_of(Objects, [](const Value *O) {
        return isSharedBase(O) || isa<GlobalVariable>(O);
      });
      Written |= Args.value_or(0);
      Untraced |= !Args && !OwnMemory;
    } else if (Args) {
      Read |= *Args;
    }
  }
  Kernel->WrittenArgs = Written;
  Kernel->ReadOnlyArgs = ReadOnlyArgs = Untraced ? 0 : Read & ~Written;
}

void FunctionInstrumenter::collectRaceAccesses(
    Instruction &I, SmallVectorImpl<RaceAccess> &Out) {
  if (I.getMetadata(LLVMContext::MD_nosanitize))
    return;
  Type *I64 = Type::getInt64Ty(I.getContext());
  auto Add = [&](Value *Ptr, Value *Bytes, uint32_t Flags) {
    Space Where = spaceOf(Ptr);
    if (Where == Space::Private || (Where == Space::ReadOnly && !S.Opts.Gpu))
      return;
    if (Where == Space::ReadOnly)
      Flags |= AccessConstant | AccessNoRace;
    if (!S.Opts.Races)
      Flags |= AccessNoRace;
    Out.push_back({&I, Ptr, Bytes, Flags, 0});
  };
  auto Size = [&](Type *T) {
    return ConstantInt::get(I64, DL.getTypeStoreSize(T).getFixedValue());
  };
  // An explicit acquire or release orders (Race.h); seq_cst is what clang
  // gives CUDA's relaxed atomic functions.
  auto Order = [](AtomicOrdering O) {
    bool Acq = O == AtomicOrdering::Acquire || O == AtomicOrdering::AcquireRelease;
    bool Rel = O == AtomicOrdering::Release || O == AtomicOrdering::AcquireRelease;
    return (Acq ? RaceAcquire : 0u) | (Rel ? RaceRelease : 0u);
  };
  if (auto *L = dyn_cast<LoadInst>(&I))
    return Add(L->getPointerOperand(), Size(L->getType()),
               RaceRead | (L->isAtomic() ? RaceAtomic | Order(L->getOrdering())
                           : L->getMetadata(CasSeedMD) ? RaceCasSeed
                                                       : 0u));
  if (auto *Fence = dyn_cast<FenceInst>(&I)) {
    if (S.Opts.Races && ordersBlocks(*Fence))
      Out.push_back({&I, ConstantPointerNull::get(PointerType::get(I.getContext(), 0)),
                     ConstantInt::get(I64, 0), RaceFence, 0});
    return;
  }
  if (auto *St = dyn_cast<StoreInst>(&I))
    return Add(St->getPointerOperand(), Size(St->getValueOperand()->getType()),
               RaceWrite | (St->isAtomic()
                                ? RaceAtomic | Order(St->getOrdering())
                                : 0u));
  uint32_t Rmw = RaceRead | RaceWrite | RaceAtomic;
  if (auto *A = dyn_cast<AtomicRMWInst>(&I))
    return Add(A->getPointerOperand(), Size(A->getType()),
               Rmw | Order(A->getOrdering()));
  if (auto *A = dyn_cast<AtomicCmpXchgInst>(&I))
    return Add(A->getPointerOperand(), Size(A->getNewValOperand()->getType()),
               Rmw | Order(A->getSuccessOrdering()));
  auto *MI = dyn_cast<MemIntrinsic>(&I);
  if (!MI)
    return;
  Add(MI->getDest(), MI->getLength(), RaceWrite);
  if (auto *Transfer = dyn_cast<MemTransferInst>(MI))
    Add(Transfer->getSource(), MI->getLength(), RaceRead | RaceCopy);
}

void FunctionInstrumenter::checkRace(const RaceAccess &A) {
  Module &M = *F.getParent();
  Instruction *Before = A.At;
  auto Tracing = [&](IRBuilder<> &B) {
    return B.CreateICmpNE(
        Ctx.loadField(B, CtxTracingOffset, B.getInt32Ty(), false),
        B.getInt32(0));
  };
  std::optional<uint64_t> Args;
  if (ReadOnlyArgs && !(A.Flags & (RaceWrite | RaceAtomic)))
    Args = argumentsOf(A.Ptr);
  if (A.Flags & AccessNoRace) {
    // Only the model wants it, in traced blocks.
    IRBuilder<> B(A.At);
    Before = SplitBlockAndInsertIfThen(Tracing(B), A.At, false);
  } else if (Args && isPowerOf2_64(*Args) && (*Args & ReadOnlyArgs)) {
    // Record it only outside the argument's buffer as the launch published
    // it ([0, 0) when the launch found it aliased or has none).
    IRBuilder<> B(A.At);
    auto *Table = ArrayType::get(B.getInt64Ty(), 128);
    Value *Var = M.getOrInsertGlobal(ReadOnlyArgsVar, Table, [&] {
      return new GlobalVariable(M, Table, false, GlobalValue::ExternalLinkage,
                                ConstantAggregateZero::get(Table),
                                ReadOnlyArgsVar);
    });
    unsigned No = Log2_64(*Args);
    Value *Lo = B.CreateLoad(B.getInt64Ty(),
                             B.CreateConstGEP2_64(Table, Var, 0, 2 * No));
    Value *Hi = B.CreateLoad(B.getInt64Ty(),
                             B.CreateConstGEP2_64(Table, Var, 0, 2 * No + 1));
    Value *Addr = B.CreatePtrToInt(A.Ptr, B.getInt64Ty());
    Value *End =
        B.CreateAdd(Addr, B.CreateZExtOrTrunc(A.Bytes, B.getInt64Ty()));
    Value *Inside = B.CreateAnd(B.CreateICmpUGE(Addr, Lo),
                                B.CreateICmpULE(End, Hi));
    Value *Record = B.CreateNot(Inside);
    if (S.Opts.Gpu)
      Record = B.CreateOr(Record, Tracing(B));
    Before = SplitBlockAndInsertIfThen(Record, A.At, false);
  }
  IRBuilder<> B(Before);
  CallInst *Fault = B.CreateCall(
      runtimeThunk(M, Ctx, GEVO_RT_ACCESS, S.Opts),
      {A.Ptr, B.CreateZExtOrTrunc(A.Bytes, B.getInt64Ty()),
       B.getInt32(A.Flags), B.getInt32(S.RaceSites++), uidString(*A.At)});
  Fault->setCallingConv(thunkConv(M, S.Opts));
  exitIf(B.CreateICmpNE(Fault, B.getInt32(0)), Before, std::nullopt, nullptr);
}

} // namespace gevo::cpu
