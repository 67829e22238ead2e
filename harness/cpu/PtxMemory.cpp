//===- PtxMemory.cpp - Inline PTX: memory, atomics, warp operations -------===//
//
// Loads and stores (ld/st, .v2/.v4, any cache qualifier), atomics (atom,
// red), address conversions (cvta), cp.async and its groups, warp
// operations and guarded instructions (@p) of an inline PTX call. Pointer
// operands stay pointers (the checks trace them to their buffers); integer
// addresses are generic or global ones, or offsets into the shared window
// (InlinePtx.h). Loads with a memory order (.acquire, .relaxed) are atomic
// loads and first let the block's other threads run: what a thread
// spinning on them waits for (cooperative groups' multi-warp barriers) can
// then happen.
//
//===----------------------------------------------------------------------===//

#include "InlinePtx.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace gevo::cpu {
namespace {

bool inShared(const PtxOpcode &O) {
  return any_of(O.Mods, [](StringRef M) { return M.starts_with("shared"); });
}

/// The memory order an ld, st, atom or red names (.sem), if any.
std::optional<AtomicOrdering> memoryOrder(const PtxOpcode &O) {
  if (O.has("acquire"))
    return AtomicOrdering::Acquire;
  if (O.has("release"))
    return AtomicOrdering::Release;
  if (O.has("acq_rel"))
    return AtomicOrdering::AcquireRelease;
  if (O.has("relaxed"))
    return AtomicOrdering::Monotonic;
  if (O.Op == "atom" || O.Op == "red") // PTX: .relaxed by default
    return AtomicOrdering::Monotonic;
  return std::nullopt;
}

} // namespace

Value *PtxTranslator::reservedShared(unsigned Offset) {
  Module &M = *Call.getModule();
  auto *G = M.getNamedGlobal(ReservedSharedName);
  if (!G) {
    auto *T = ArrayType::get(B.getInt8Ty(), ReservedSharedBytes);
    G = new GlobalVariable(M, T, false, GlobalValue::InternalLinkage,
                           UndefValue::get(T), ReservedSharedName, nullptr,
                           GlobalValue::NotThreadLocal, SharedSpace);
    G->setAlignment(Align(16));
  }
  Value *P = B.CreateConstInBoundsGEP1_32(B.getInt8Ty(), G, Offset);
  return B.CreatePtrToInt(P, B.getInt32Ty());
}

Expected<Value *> PtxTranslator::address(StringRef Tok, const PtxOpcode &O) {
  Tok = Tok.trim();
  if (!Tok.consume_front("[") || !Tok.consume_back("]"))
    return unsupportedPtx("address '" + Tok + "'");
  auto [Base, Off] = Tok.split('+');
  int64_t Offset = 0;
  if (!Off.empty() && Off.trim().getAsInteger(0, Offset))
    return unsupportedPtx("address offset '" + Off + "'");
  // A pointer operand stays a pointer (the checks trace it to its buffer).
  unsigned N = 0;
  StringRef Operand = Base.trim();
  if (Operand.consume_front("$") && !Operand.getAsInteger(10, N) &&
      N >= NumOutputs && N - NumOutputs < Call.arg_size())
    if (Value *P = Call.getArgOperand(N - NumOutputs);
        P->getType()->isPointerTy())
      return B.CreateGEP(B.getInt8Ty(), P, B.getInt64(uint64_t(Offset)));
  if (O.has("local") || O.has("const") || O.has("param"))
    return unsupportedPtx("an integer address in a state space's window ('" +
                          Tok + "')");
  bool Shared = inShared(O);
  Expected<Value *> A = read(Base, Shared ? 32 : 64);
  if (!A)
    return A.takeError();
  Type *IntTy = (*A)->getType();
  Value *At = B.CreateAdd(*A, ConstantInt::get(IntTy, uint64_t(Offset)));
  if (!Shared)
    return B.CreateIntToPtr(At, B.getPtrTy());
  return B.CreateAddrSpaceCast(B.CreateIntToPtr(At, B.getPtrTy(SharedSpace)),
                               B.getPtrTy());
}

/// ld and st in any state space with any cache qualifier: plain accesses,
/// or atomic ones with the memory order they name.
Error PtxTranslator::memory(const PtxOpcode &O, ArrayRef<StringRef> Args) {
  if (Args.size() != 2)
    return unsupportedPtx("'" + O.Op + "' with " + Twine(Args.size()) +
                          " operands");
  unsigned W = ptxWidth(O.type());
  Type *T = B.getIntNTy(W);
  bool Load = O.Op == "ld";
  // .v2/.v4: {a, b, ...} registers at consecutive elements.
  SmallVector<StringRef> Elems = vectorOperand(Load ? Args[0] : Args[1]);
  if (Elems.size() != (O.has("v4") ? 4u : O.has("v2") ? 2u : 1u))
    return unsupportedPtx("'" + O.Op + "' with " + Twine(Elems.size()) +
                          " registers for its vector");
  Expected<Value *> Ptr = address(Load ? Args[1] : Args[0], O);
  if (!Ptr)
    return Ptr.takeError();
  std::optional<AtomicOrdering> Order = memoryOrder(O);
  if (Order && Load)
    intrinsic(Intrinsic::nvvm_nanosleep, {B.getInt32(0)});
  // One access of the whole vector, aligned as PTX requires it.
  unsigned N = Elems.size();
  Type *VT = N == 1 ? T : FixedVectorType::get(T, N);
  Align Alignment(std::max<uint64_t>(1, uint64_t(N) * W / 8));
  auto Ordered = [&](auto *I) {
    I->setVolatile(O.has("volatile"));
    if (Order && N == 1)
      I->setAtomic(*Order);
  };
  if (Load) {
    LoadInst *L = B.CreateAlignedLoad(VT, *Ptr, Alignment);
    Ordered(L);
    for (unsigned K = 0; K < N; ++K)
      if (Error E = write(Elems[K], N == 1 ? L : B.CreateExtractElement(L, K)))
        return E;
    return Error::success();
  }
  Value *V = N == 1 ? nullptr : PoisonValue::get(VT);
  for (unsigned K = 0; K < N; ++K) {
    Expected<Value *> E = read(Elems[K], W);
    if (!E)
      return E.takeError();
    V = N == 1 ? *E : B.CreateInsertElement(V, *E, K);
  }
  Ordered(B.CreateAlignedStore(V, *Ptr, Alignment));
  return Error::success();
}

/// cp.async.{ca,cg}.shared.global [dst], [src], size[, src size], its
/// commit_group, wait_group N and wait_all: the NVVM intrinsics, lowered
/// like clang's builtins of them.
Error PtxTranslator::asyncCopy(const PtxOpcode &O, ArrayRef<StringRef> Args) {
  using namespace Intrinsic;
  if (O.has("commit_group")) {
    intrinsic(nvvm_cp_async_commit_group, {});
    return Error::success();
  }
  if (O.has("wait_all")) {
    intrinsic(nvvm_cp_async_wait_all, {});
    return Error::success();
  }
  if (O.has("wait_group") && Args.size() == 1) {
    Expected<Value *> N = read(Args[0], 32);
    if (!N)
      return N.takeError();
    intrinsic(nvvm_cp_async_wait_group, {*N});
    return Error::success();
  }
  // The size is an immediate, or an operand clang passes as a constant.
  uint64_t Bytes = 0;
  if (Args.size() >= 3) {
    Expected<Value *> Size = read(Args[2], 32);
    if (!Size)
      return Size.takeError();
    if (auto *C = dyn_cast<ConstantInt>(*Size))
      Bytes = C->getZExtValue();
  }
  bool Ca = O.has("ca");
  if (!(Ca || O.has("cg")) || !O.has("shared") || Args.size() > 4 ||
      (Bytes != 4 && Bytes != 8 && Bytes != 16) || (!Ca && Bytes != 16))
    return unsupportedPtx("instruction '" + O.name() + "'");
  PtxOpcode Global{O.Op, {"global"}};
  Expected<Value *> Dst = address(Args[0], O), Src = address(Args[1], Global);
  if (!Dst || !Src)
    return joinErrors(Dst.takeError(), Src.takeError());
  bool Sized = Args.size() == 4;
  static const Intrinsic::ID Ids[2][2][3] = {
      {{nvvm_cp_async_ca_shared_global_4, nvvm_cp_async_ca_shared_global_8,
        nvvm_cp_async_ca_shared_global_16},
       {nvvm_cp_async_ca_shared_global_4_s, nvvm_cp_async_ca_shared_global_8_s,
        nvvm_cp_async_ca_shared_global_16_s}},
      {{nvvm_cp_async_cg_shared_global_16, nvvm_cp_async_cg_shared_global_16,
        nvvm_cp_async_cg_shared_global_16},
       {nvvm_cp_async_cg_shared_global_16_s, nvvm_cp_async_cg_shared_global_16_s,
        nvvm_cp_async_cg_shared_global_16_s}}};
  SmallVector<Value *, 3> Operands = {
      B.CreateAddrSpaceCast(*Dst, B.getPtrTy(SharedSpace)),
      B.CreateAddrSpaceCast(*Src, B.getPtrTy(GlobalSpace))};
  if (Sized) {
    Expected<Value *> SrcBytes = read(Args[3], 32);
    if (!SrcBytes)
      return SrcBytes.takeError();
    Operands.push_back(*SrcBytes);
  }
  intrinsic(Ids[!Ca][Sized][Bytes == 4 ? 0 : Bytes == 8 ? 1 : 2], Operands);
  return Error::success();
}

/// atom.OP[.sem][.scope][.space].TYPE d, [a], b[, c] and red (no d).
Error PtxTranslator::atomic(const PtxOpcode &O, ArrayRef<StringRef> Args) {
  bool Red = O.Op == "red";
  unsigned Need = (Red ? 2 : 3) + O.has("cas");
  if (Args.size() != Need)
    return unsupportedPtx("'" + O.Op + "' with " + Twine(Args.size()) +
                          " operands");
  StringRef Ty = O.type();
  unsigned W = ptxWidth(Ty);
  bool Float = Ty.starts_with("f") || Ty.starts_with("bf");
  bool Signed = Ty.starts_with("s");
  Expected<Value *> Ptr = address(Args[Red ? 0 : 1], O);
  Expected<Value *> V = read(Args[Red ? 1 : 2], W);
  if (!Ptr || !V)
    return joinErrors(Ptr.takeError(), V.takeError());
  AtomicOrdering Order = *memoryOrder(O);
  Value *Old = nullptr;
  if (O.has("cas")) {
    Expected<Value *> New = read(Args[3], W);
    if (!New)
      return New.takeError();
    AtomicOrdering Failure = Order == AtomicOrdering::Release
                                 ? AtomicOrdering::Monotonic
                             : Order == AtomicOrdering::AcquireRelease
                                 ? AtomicOrdering::Acquire
                                 : Order;
    Old = B.CreateExtractValue(
        B.CreateAtomicCmpXchg(*Ptr, *V, *New, Align(W / 8), Order, Failure),
        0);
  } else {
    using BinOp = AtomicRMWInst::BinOp;
    // The operation is the modifier after .sem, .scope and .space.
    auto Op = find_if(O.Mods, [](StringRef M) {
      return is_contained({"add", "and", "or", "xor", "exch", "min", "max",
                           "inc", "dec"},
                          M);
    });
    std::optional<BinOp> Kind =
        StringSwitch<std::optional<BinOp>>(Op == O.Mods.end() ? "" : *Op)
            .Case("add", Float ? AtomicRMWInst::FAdd : AtomicRMWInst::Add)
            .Case("and", AtomicRMWInst::And)
            .Case("or", AtomicRMWInst::Or)
            .Case("xor", AtomicRMWInst::Xor)
            .Case("exch", AtomicRMWInst::Xchg)
            .Case("min", Float    ? AtomicRMWInst::FMin
                         : Signed ? AtomicRMWInst::Min
                                  : AtomicRMWInst::UMin)
            .Case("max", Float    ? AtomicRMWInst::FMax
                         : Signed ? AtomicRMWInst::Max
                                  : AtomicRMWInst::UMax)
            .Case("inc", AtomicRMWInst::UIncWrap)
            .Case("dec", AtomicRMWInst::UDecWrap)
            .Default(std::nullopt);
    // 16-bit floats and their pairs as LLVM's half and bfloat (scalars or
    // two-vectors), which the host's atomics expand to compare-and-swap.
    Type *Narrow = nullptr;
    if (Ty.starts_with("f16") || Ty.starts_with("bf16")) {
      Narrow = Ty.starts_with("f16") ? B.getHalfTy() : B.getBFloatTy();
      if (Ty.ends_with("x2"))
        Narrow = FixedVectorType::get(Narrow, 2);
    }
    if (!Kind || O.has("v2") || O.has("v4") ||
        (Narrow && *Kind != AtomicRMWInst::FAdd &&
         *Kind != AtomicRMWInst::FMin && *Kind != AtomicRMWInst::FMax))
      return unsupportedPtx("instruction '" + O.name() + "'");
    Value *Operand = *V;
    if (Narrow)
      Operand = B.CreateBitCast(bits(Operand, W), Narrow);
    else if (Float)
      Operand = Ops.asFloat(Operand, Ty);
    Old = B.CreateAtomicRMW(*Kind, *Ptr, Operand, Align(W / 8), Order);
    if (Float)
      Old = bits(Old, W);
  }
  return Red ? Error::success() : write(Args[0], Old);
}

/// cvta[.to].SPACE.uN d, a: generic <-> shared window; global and generic
/// addresses are the same numbers.
Error PtxTranslator::convertAddress(const PtxOpcode &O,
                                    ArrayRef<StringRef> Args) {
  if (Args.size() != 2)
    return unsupportedPtx("'cvta' with " + Twine(Args.size()) + " operands");
  unsigned W = ptxWidth(O.type());
  bool ToSpace = O.has("to");
  Expected<Value *> A = read(Args[1], W);
  if (!A)
    return A.takeError();
  if (!inShared(O)) {
    if (O.has("global"))
      return write(Args[0], *A);
    return unsupportedPtx("instruction '" + O.name() + "'");
  }
  Value *R;
  if (ToSpace) {
    Value *P = B.CreateAddrSpaceCast(B.CreateIntToPtr(*A, B.getPtrTy()),
                                     B.getPtrTy(SharedSpace));
    R = B.CreatePtrToInt(P, B.getIntNTy(W));
  } else {
    Value *P = B.CreateIntToPtr(*A, B.getPtrTy(SharedSpace));
    R = B.CreatePtrToInt(B.CreateAddrSpaceCast(P, B.getPtrTy()),
                         B.getIntNTy(W));
  }
  return write(Args[0], R);
}

Error PtxTranslator::warp(const PtxOpcode &O, ArrayRef<StringRef> Args) {
  using namespace Intrinsic;
  if (O.Op == "activemask")
    return write(Args[0], intrinsic(nvvm_activemask, {}));
  if (O.Op == "vote") {
    Expected<Value *> Mask = read(Args.back(), 32);
    Expected<Value *> P = read(Args[1], 1);
    if (!Mask || !P)
      return joinErrors(Mask.takeError(), P.takeError());
    Intrinsic::ID Id = O.has("ballot") ? nvvm_vote_ballot_sync
                       : O.has("any")  ? nvvm_vote_any_sync
                       : O.has("all")  ? nvvm_vote_all_sync
                                       : nvvm_vote_uni_sync;
    return write(Args[0], intrinsic(Id, {*Mask, *P}));
  }
  // shfl.sync.MODE.b32 d[|p], a, b, c, membermask
  auto [Dest, PredDest] = Args[0].split('|');
  Intrinsic::ID Id = O.has("idx")    ? nvvm_shfl_sync_idx_i32
                     : O.has("up")   ? nvvm_shfl_sync_up_i32
                     : O.has("down") ? nvvm_shfl_sync_down_i32
                                     : nvvm_shfl_sync_bfly_i32;
  if (Args.size() != 5)
    return unsupportedPtx("'shfl.sync' with " + Twine(Args.size()) +
                          " operands");
  Expected<Value *> A = read(Args[1], 32), Lane = read(Args[2], 32),
                    C = read(Args[3], 32), Mask = read(Args[4], 32);
  for (Expected<Value *> *E : {&A, &Lane, &C, &Mask})
    if (!*E)
      return E->takeError();
  if (Error E = write(Dest, intrinsic(Id, {*Mask, *A, *Lane, *C})))
    return E;
  if (PredDest.empty())
    return Error::success();
  // p: whether the source lane lies in range, as the PTX ISA computes it
  // from the lane, b and c (segment mask in bits 8-12, clamp in 0-4).
  Value *Self = intrinsic(nvvm_read_ptx_sreg_laneid, {});
  Value *Seg = B.CreateAnd(B.CreateLShr(*C, 8), 31);
  Value *MaxLane = B.CreateOr(B.CreateAnd(Self, Seg),
                              B.CreateAnd(*C, B.CreateNot(Seg)));
  MaxLane = B.CreateAnd(MaxLane, 31);
  Value *By = B.CreateAnd(*Lane, 31);
  Value *InRange;
  if (O.has("up"))
    InRange = B.CreateICmpSGE(B.CreateSub(Self, By), MaxLane);
  else if (O.has("down"))
    InRange = B.CreateICmpULE(B.CreateAdd(Self, By), MaxLane);
  else if (O.has("idx"))
    InRange = B.CreateICmpULE(
        B.CreateOr(B.CreateAnd(Self, Seg), B.CreateAnd(By, B.CreateNot(Seg))),
        MaxLane);
  else
    InRange = B.CreateICmpULE(B.CreateXor(Self, By), MaxLane);
  return write(PredDest, InRange);
}

/// `@p INSTRUCTION` (or `@!p`): the instruction runs where p holds; each
/// register it sets merges with its old value.
Error PtxTranslator::guarded(StringRef Guard, StringRef Body) {
  bool Negated = Guard.consume_front("!");
  Expected<Value *> P = read(Guard, 1);
  if (!P)
    return P.takeError();
  Value *Cond = Negated ? B.CreateNot(*P) : *P;
  if (StringRef Target = Body.ltrim(); Target.consume_front("bra"))
    return branch(Target.drop_while([](char C) { return !isSpace(C); }),
                  Cond); // (bra.uni)
  StringMap<Value *> Before = Regs;
  BasicBlock *Head = B.GetInsertBlock();
  Instruction *Then = SplitBlockAndInsertIfThen(Cond, Anchor, false);
  B.SetInsertPoint(Then);
  if (Error E = statement(Body))
    return E;
  BasicBlock *ThenEnd = B.GetInsertBlock();
  for (auto &Entry : Regs) {
    Value *&V = Entry.second; // (a structured binding would copy it)
    Value *Old = Before.lookup(Entry.first());
    if (V == Old)
      continue;
    unsigned W = V->getType()->getPrimitiveSizeInBits();
    B.SetInsertPoint(ThenEnd->getTerminator());
    Value *New = bits(V, W);
    B.SetInsertPoint(Head->getTerminator());
    Old = Old ? bits(Old, W) : UndefValue::get(New->getType());
    PHINode *Phi = PHINode::Create(New->getType(), 2, "",
                                   Anchor->getParent()->begin());
    Phi->addIncoming(New, ThenEnd);
    Phi->addIncoming(Old, Head);
    V = Phi;
  }
  B.SetInsertPoint(Anchor);
  return Error::success();
}

} // namespace gevo::cpu
