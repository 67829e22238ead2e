//===- MemoryChecks.cpp - Every access of a mutant against live memory ----===//
//
// Every load, store, atomic and memory intrinsic that is not provably inside
// a local, a global or the static shared arena is checked at run time (but
// for the launcher's own loads of the arguments, marked !nosanitize). Each
// such access (a check site) remembers the range it was last found in, in
// its CheckCache in the thread's context (Lo and Span); the inline fast path
// is one subtraction and one comparison against them. On a miss the runtime
// (gevo_rt_check) looks the access up in the thread's stack, the block's
// arena and the live allocations: it answers the range, which the site then
// remembers, or an empty range after recording the fault (oob_read, or
// oob_write with the instruction's UID), and the function returns. An
// access a GPU would fault on for its alignment (its address not a multiple
// of its size, or of the IR's smaller alignment) and whose alignment is not
// known at compile time also misses, through its low address bits shifted
// into the offset; the runtime then records `misaligned`. The miss
// goes through a thunk that preserves the caller's registers (preserve_most),
// so that the hot loop around a check keeps its values in registers.
//
//===----------------------------------------------------------------------===//

#include "Instrument.h"
#include "Runtime.h"

#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace gevo::cpu {
namespace {

/// The thunks through which checks call the runtime, and what they call.
constexpr std::pair<const char *, const char *> Thunks[] = {
    {"gevo.check", GEVO_RT_CHECK},
    {"gevo.access", GEVO_RT_ACCESS},
};

} // namespace

CallingConv::ID thunkConv(const Module &M, const RetargetOptions &Opts) {
  Triple T(M.getTargetTriple());
  return !Opts.FastIsel && (T.getArch() == Triple::x86_64 || T.isAArch64())
             ? CallingConv::PreserveMost
             : CallingConv::C;
}

FunctionCallee runtimeThunk(Module &M, ContextAccess &Ctx, StringRef Runtime,
                            const RetargetOptions &Opts) {
  const auto *It = llvm::find_if(
      Thunks, [&](const auto &T) { return Runtime == T.second; });
  FunctionType *Ty = Ctx.runtime(Runtime).getFunctionType();
  FunctionCallee Thunk = M.getOrInsertFunction(It->first, Ty);
  cast<Function>(Thunk.getCallee())->setCallingConv(thunkConv(M, Opts));
  return Thunk;
}

void defineThunks(Module &M, ContextAccess &Ctx) {
  for (auto [Name, Runtime] : Thunks) {
    Function *Thunk = M.getFunction(Name);
    if (!Thunk)
      continue;
    IRBuilder<> B(BasicBlock::Create(M.getContext(), "", Thunk));
    SmallVector<Value *> Args;
    for (Argument &A : Thunk->args())
      Args.push_back(&A);
    CallInst *Call = B.CreateCall(Ctx.runtime(Runtime), Args);
    Call->setTailCallKind(CallInst::TCK_NoTail);
    B.CreateRet(Call);
    Thunk->setLinkage(GlobalValue::InternalLinkage);
    Thunk->addFnAttr(Attribute::NoInline);
    Thunk->addFnAttr(Attribute::Cold);
    Thunk->setDoesNotThrow();
  }
}

void FunctionInstrumenter::collectAccesses(Instruction &I,
                                           SmallVectorImpl<Access> &Out) {
  if (I.getMetadata(LLVMContext::MD_nosanitize))
    return;
  auto Size = [&](Type *T) { return DL.getTypeStoreSize(T).getFixedValue(); };
  auto Add = [&](Value *Ptr, uint64_t Bytes, bool IsWrite, Align IR = Align(1)) {
    Access A{&I, Ptr, Bytes, IsWrite, 0};
    if (isPowerOf2_64(Bytes))
      A.Align = std::min<uint64_t>(Bytes, IR.value());
    if (!staticallySafe(A))
      Out.push_back(A);
  };
  if (auto *L = dyn_cast<LoadInst>(&I))
    return Add(L->getPointerOperand(), Size(L->getType()), false,
               L->getAlign());
  if (auto *St = dyn_cast<StoreInst>(&I))
    return Add(St->getPointerOperand(), Size(St->getValueOperand()->getType()),
               true, St->getAlign());
  if (auto *A = dyn_cast<AtomicRMWInst>(&I))
    return Add(A->getPointerOperand(), Size(A->getType()), true, A->getAlign());
  if (auto *A = dyn_cast<AtomicCmpXchgInst>(&I))
    return Add(A->getPointerOperand(), Size(A->getNewValOperand()->getType()),
               true, A->getAlign());
  auto *MI = dyn_cast<MemIntrinsic>(&I);
  if (!MI)
    return;
  auto *Transfer = dyn_cast<MemTransferInst>(MI);
  auto *Len = dyn_cast<ConstantInt>(MI->getLength());
  // A variable length is checked as one byte at each end.
  uint64_t Bytes = Len ? Len->getZExtValue() : 1;
  if (Bytes == 0)
    return;
  Add(MI->getDest(), Bytes, true);
  if (Transfer)
    Add(Transfer->getSource(), Bytes, false);
  if (Len)
    return;
  IRBuilder<> B(&I);
  Value *Last = B.CreateSub(MI->getLength(),
                            ConstantInt::get(MI->getLength()->getType(), 1));
  Add(B.CreateGEP(B.getInt8Ty(), MI->getDest(), Last), 1, true);
  if (Transfer)
    Add(B.CreateGEP(B.getInt8Ty(), Transfer->getSource(), Last), 1, false);
}

/// A constant offset inside a local, a writable global or the static shared
/// arena, aligned as the access needs.
bool FunctionInstrumenter::staticallySafe(const Access &A) {
  APInt Offset(64, 0);
  const Value *Base =
      A.Ptr->stripAndAccumulateConstantOffsets(DL, Offset, true);
  uint64_t Extent = 0, BaseAlign = 1;
  if (isContextCall(Base))
    return true;
  if (auto *AI = dyn_cast<AllocaInst>(Base)) {
    std::optional<TypeSize> Size = AI->getAllocationSize(DL);
    Extent = Size && !Size->isScalable() ? Size->getFixedValue() : 0;
    BaseAlign = AI->getAlign().value();
  } else if (isSharedBase(Base)) {
    Extent = S.StaticSharedBytes;
    BaseAlign = SharedArenaAlign;
  } else if (auto *G = dyn_cast<GlobalVariable>(Base);
             G && !G->isDeclaration() && !A.IsWrite) {
    Extent = DL.getTypeAllocSize(G->getValueType());
    BaseAlign = G->getPointerAlignment(DL).value();
  }
  return !Offset.isNegative() && Offset.getZExtValue() + A.Bytes <= Extent &&
         BaseAlign >= A.Align && Offset.getZExtValue() % A.Align == 0;
}

std::pair<Value *, Value *> FunctionInstrumenter::cacheFields(IRBuilder<> &B,
                                                             unsigned Site) {
  Value *Lo = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Caches,
                                           Site * sizeof(CheckCache));
  return {Lo, B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Lo,
                                           offsetof(CheckCache, Span))};
}

/// The fast path against the site's cache; on a miss the runtime decides,
/// and the site remembers the range it answers.
void FunctionInstrumenter::checkAccess(const Access &A) {
  IRBuilder<> B(A.At);
  Type *I64 = B.getInt64Ty();
  auto [LoPtr, SpanPtr] = cacheFields(B, A.Site);
  Value *Addr = B.CreatePtrToInt(A.Ptr, I64);
  Value *Off = B.CreateSub(Addr, B.CreateLoad(I64, LoPtr));
  uint32_t Flags = A.IsWrite;
  if (A.Align > 1 &&
      getKnownAlignment(A.Ptr, DL, A.At).value() < A.Align) {
    // Low address bits make the offset huge: a miss the runtime judges.
    Value *Low = B.CreateAnd(Addr, A.Align - 1);
    Off = B.CreateOr(Off, B.CreateShl(Low, MisalignShift));
    Flags |= Log2_64(A.Align) << CheckAlignShift;
  }
  Value *Miss = B.CreateICmpUGE(Off, B.CreateLoad(I64, SpanPtr));
  MDNode *Unlikely = MDBuilder(F.getContext()).createUnlikelyBranchWeights();
  Instruction *Slow = SplitBlockAndInsertIfThen(Miss, A.At, false, Unlikely);
  B.SetInsertPoint(Slow);
  CallInst *Found = B.CreateCall(
      runtimeThunk(*F.getParent(), Ctx, GEVO_RT_CHECK, S.Opts),
      {A.Ptr, B.getInt64(A.Bytes), B.getInt32(Flags), uidString(*A.At)});
  Found->setCallingConv(thunkConv(*F.getParent(), S.Opts));
  Value *Len = B.CreateExtractValue(Found, 1);
  exitIf(B.CreateICmpEQ(Len, B.getInt64(0)), Slow, std::nullopt, nullptr);
  B.SetInsertPoint(Slow);
  B.CreateStore(B.CreateExtractValue(Found, 0), LoPtr);
  B.CreateStore(B.CreateSub(Len, B.getInt64(A.Bytes - 1)), SpanPtr);
}

} // namespace gevo::cpu
