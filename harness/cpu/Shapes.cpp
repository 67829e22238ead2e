//===- Shapes.cpp - What a warp issues for each basic block ---------------===//
//
// The static half of the warp-level model (Perf.h), on the NVPTX IR before
// the rewrite (address spaces and special registers still say what an
// access costs): each basic block's BlockShape, the registers a kernel's
// thread needs, the static shared memory a kernel uses, and the clean-up a
// GPU backend would do first (canonicalise).
//
//===----------------------------------------------------------------------===//

#include "Retarget.h"
#include "Runtime.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/Reassociate.h"

#include <climits>
#include <functional>

using namespace llvm;

namespace gevo::cpu {
namespace {

/// What \p I issues for one warp, and when its result is ready.
struct Issue {
  uint32_t Alu = 0, Fp64 = 0, Sfu = 0, Memory = 0, Other = 0;
  double Latency = 0;
  bool Blocks = false; ///< nothing after it issues before it completes
  uint32_t total() const { return Alu + Fp64 + Sfu + Memory + Other; }
};

bool isDouble(const Type *T) {
  return T->getScalarType()->isDoubleTy();
}

/// The address space \p Ptr points into, through generic pointers.
unsigned spaceOf(const Value *Ptr) {
  unsigned Space = Ptr->getType()->getPointerAddressSpace();
  if (Space != GenericSpace)
    return Space;
  const Value *Base = getUnderlyingObject(Ptr, 0);
  if (auto *G = dyn_cast<GlobalVariable>(Base))
    return G->getAddressSpace();
  if (isa<AllocaInst>(Base))
    return LocalSpace;
  return Base->getType()->getPointerAddressSpace() == GenericSpace
             ? GlobalSpace
             : Base->getType()->getPointerAddressSpace();
}

/// Whether \p Ptr is a fixed address of a module variable (a kernel's
/// constant-bank operand: an instruction reads it with no load of its own).
bool fixedAddress(const Value *Ptr) {
  while (true) {
    Ptr = Ptr->stripPointerCasts();
    auto *GEP = dyn_cast<GEPOperator>(Ptr);
    if (!GEP)
      return isa<GlobalVariable>(Ptr);
    if (!GEP->hasAllConstantIndices())
      return false;
    Ptr = GEP->getPointerOperand();
  }
}

Issue memoryIssue(const Value *Ptr, bool Load, const GpuSpec &G) {
  Issue R;
  if (Load && spaceOf(Ptr) == ConstantSpace && fixedAddress(Ptr))
    return R;
  R.Memory = 1;
  if (!Load)
    return R;
  switch (spaceOf(Ptr)) {
  case LocalSpace: // spilled to memory, cached
    R.Latency = G.Latency.L2;
    break;
  case SharedSpace:
  case ConstantSpace: // the constant cache
    R.Latency = G.Latency.Shared;
    break;
  default:
    R.Latency = G.Latency.Dram;
  }
  return R;
}

/// An operation a GPU does as a special-function op and \p Steps ALU ops
/// in float, or as \p DoubleSteps dependent fp64 ops in double.
Issue expanded(bool Double, uint32_t Steps, uint32_t DoubleSteps,
               const GpuSpec &G) {
  Issue R;
  if (Double) {
    R.Fp64 = DoubleSteps;
    R.Latency = DoubleSteps * G.Latency.Alu;
  } else {
    R.Sfu = 1;
    R.Alu = Steps;
    R.Latency = G.Latency.Sfu + Steps * G.Latency.Alu;
  }
  return R;
}

Issue callIssue(const CallBase &Call, const GpuSpec &G) {
  const Function *Callee = Call.getCalledFunction();
  StringRef Name = Callee ? Callee->getName() : "";
  Issue R;
  if (Name.starts_with("llvm.nvvm.barrier")) {
    R.Other = 1;
    R.Latency = G.Latency.Barrier;
    R.Blocks = true;
  } else if (Name.starts_with("llvm.nvvm.shfl") ||
             Name.starts_with("llvm.nvvm.vote") ||
             Name == "llvm.nvvm.bar.warp.sync") {
    R.Alu = 1;
    R.Latency = G.Latency.Shared;
  } else if (Name.starts_with("llvm.nvvm.ldg.global")) {
    return memoryIssue(Call.getArgOperand(0), true, G);
  } else if (Name.starts_with("llvm.nvvm.atomic")) {
    R.Memory = 1;
    R.Latency = G.Latency.Atomic;
  } else if (Name.starts_with("__nv_")) {
    // A libdevice function: a special-function op and its range reduction
    // in float; a software sequence in double.
    return expanded(isDouble(Call.getType()), 4, 20, G);
  } else if (isa<MemIntrinsic>(Call)) {
    R.Memory = 1;
    R.Latency = G.Latency.Dram;
  } else if (const auto *II = dyn_cast<IntrinsicInst>(&Call)) {
    if (II->isAssumeLikeIntrinsic())
      return R;
    (isDouble(Call.getType()) ? R.Fp64 : R.Alu) = 1;
    R.Latency = G.Latency.Alu;
  } else {
    R.Other = 1;
    R.Latency = G.Latency.Alu;
  }
  return R;
}

/// Whether \p I costs no instruction of its own on a GPU: a cast the
/// register file or an addressing mode absorbs, a constant offset folded
/// into a load's or store's address, a multiply fused into the add that
/// uses it (contract).
bool absorbed(const Instruction &I) {
  if (isa<PHINode>(I) || isa<DbgInfoIntrinsic>(I) || isa<CastInst>(I) ||
      isa<FreezeInst>(I) || isa<AllocaInst>(I))
    return !isa<FPExtInst>(I) && !isa<FPTruncInst>(I) &&
           !isa<SIToFPInst>(I) && !isa<UIToFPInst>(I) &&
           !isa<FPToSIInst>(I) && !isa<FPToUIInst>(I);
  if (auto *GEP = dyn_cast<GetElementPtrInst>(&I))
    return GEP->hasAllConstantIndices();
  auto OnlyFor = [&](auto &&Pred) {
    return !I.use_empty() && all_of(I.users(), [&](const User *U) {
      auto *UI = dyn_cast<Instruction>(U);
      return UI && Pred(*UI);
    });
  };
  unsigned Op = I.getOpcode();
  if ((Op == Instruction::Add || Op == Instruction::Or) &&
      isa<Constant>(I.getOperand(1)))
    return OnlyFor([](const Instruction &U) {
      return isa<GetElementPtrInst>(U) || isa<CastInst>(U);
    });
  if (Op == Instruction::FMul && I.hasAllowContract() && I.hasOneUse())
    return OnlyFor([](const Instruction &U) {
      return (U.getOpcode() == Instruction::FAdd ||
              U.getOpcode() == Instruction::FSub) &&
             U.hasAllowContract();
    });
  return false;
}

Issue issueOf(const Instruction &I, const GpuSpec &G) {
  Issue R;
  if (absorbed(I)) // no latency either: a fused multiply's is its add's
    return R;
  if (auto *L = dyn_cast<LoadInst>(&I))
    return memoryIssue(L->getPointerOperand(), true, G);
  if (auto *S = dyn_cast<StoreInst>(&I))
    return memoryIssue(S->getPointerOperand(), false, G);
  if (isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I)) {
    R.Memory = 1;
    R.Latency = G.Latency.Atomic;
    return R;
  }
  if (auto *Call = dyn_cast<CallBase>(&I))
    return callIssue(*Call, G);
  if (auto *Br = dyn_cast<BranchInst>(&I)) {
    R.Other = Br->isConditional();
    return R;
  }
  if (I.isTerminator()) {
    R.Other = 1;
    return R;
  }
  bool Double = isDouble(I.getType()) ||
                (I.getNumOperands() && isDouble(I.getOperand(0)->getType()));
  switch (I.getOpcode()) {
  case Instruction::FDiv:
  case Instruction::FRem:
    return expanded(Double, 8, 10, G);
  case Instruction::UDiv:
  case Instruction::SDiv:
  case Instruction::URem:
  case Instruction::SRem:
    // No integer divider: a sequence of about twenty instructions.
    R.Alu = 20;
    R.Latency = 20 * G.Latency.Alu;
    return R;
  default:
    (Double ? R.Fp64 : R.Alu) = 1;
    R.Latency = Double ? 2 * G.Latency.Alu : G.Latency.Alu;
    return R;
  }
}

/// Loads of a loop's iterations in flight at once, when nothing orders
/// them: what unrolling by four (a GPU compiler's usual factor for a loop
/// of unknown trip count) leaves.
constexpr double OverlappedIterations = 4;

/// Whether the address \p Ptr depends on a load of \p BB, directly or
/// through the block's phis (the last iteration's load: pointer chasing).
bool addressNeedsLoad(const Value *Ptr, const BasicBlock &BB) {
  SmallVector<const Value *, 16> Work{Ptr};
  SmallPtrSet<const Value *, 32> Seen;
  while (!Work.empty()) {
    auto *I = dyn_cast<Instruction>(Work.pop_back_val());
    if (!I || I->getParent() != &BB || !Seen.insert(I).second)
      continue;
    if (isa<LoadInst>(I) || isa<CallBase>(I))
      return true;
    for (const Value *Op : I->operands())
      Work.push_back(Op);
  }
  return false;
}

/// \p BB's shape: what it issues, and how long one warp alone takes for it:
/// the longer of its issue (one instruction a cycle) and its critical path
/// (each instruction waiting for its operands computed in the block, as a
/// compiler that schedules for latency leaves it; values from other blocks
/// are ready, nothing passes a barrier).
BlockShape shapeOf(const BasicBlock &BB, const GpuSpec &G, bool InLoop) {
  BlockShape S;
  DenseMap<const Instruction *, double> Ready;
  double Fence = 0, Path = 0;
  for (const Instruction &I : BB) {
    Issue R = issueOf(I, G);
    // In a loop, the compiler overlaps the loads of several iterations
    // (unrolling, pipelining) unless each address needs the last load.
    if (InLoop && isa<LoadInst>(I) && R.Latency > G.Latency.Shared &&
        !addressNeedsLoad(cast<LoadInst>(I).getPointerOperand(), BB))
      R.Latency /= OverlappedIterations;
    double Start = Fence;
    for (const Value *Op : I.operands())
      if (auto *D = dyn_cast<Instruction>(Op))
        if (auto It = Ready.find(D); It != Ready.end())
          Start = std::max(Start, It->second);
    if (!R.total()) { // passes its operands through
      Ready[&I] = Start;
      continue;
    }
    S.Alu += R.Alu;
    S.Fp64 += R.Fp64;
    S.Sfu += R.Sfu;
    S.Memory += R.Memory;
    S.Instructions += R.total();
    Ready[&I] = Start + R.Latency;
    Path = std::max(Path, Start + R.total());
    if (R.Blocks)
      Fence = std::max(Fence, Start + R.Latency);
  }
  S.Chain = std::max({Path, Fence, double(S.Instructions)});
  return S;
}

/// 32-bit registers a value of \p T takes (predicates are apart).
unsigned registersOf(const Type *T) {
  if (T->isIntegerTy(1) || T->isVoidTy())
    return 0;
  if (auto *V = dyn_cast<FixedVectorType>(T))
    return V->getNumElements() * registersOf(V->getElementType());
  if (auto *P = dyn_cast<PointerType>(T))
    return P->getAddressSpace() == SharedSpace ||
                   P->getAddressSpace() == LocalSpace
               ? 1
               : 2;
  if (T->isSized() && T->getPrimitiveSizeInBits().getFixedValue())
    return (T->getPrimitiveSizeInBits().getFixedValue() + 31) / 32;
  return 2;
}

/// Whether a compiler can compute \p I where it is used, holding no
/// register for it in between: loads (again, when registers are short),
/// address arithmetic, and what costs no instruction (absorbed()).
bool sinkable(const Instruction &I) {
  if (auto *L = dyn_cast<LoadInst>(&I))
    return L->isSimple();
  return isa<GetElementPtrInst>(I) || isa<CastInst>(I) ||
         (!isa<PHINode>(I) && absorbed(I));
}

} // namespace

unsigned estimateRegisters(const Function &F) {
  // Live values by backward dataflow over the blocks, then the most live
  // at any point of a block; sinkable values are left out.
  DenseMap<const Value *, unsigned> Number;
  SmallVector<unsigned> Weight;
  auto Add = [&](const Value &V) {
    auto *I = dyn_cast<Instruction>(&V);
    if (I && sinkable(*I))
      return;
    if (unsigned W = registersOf(V.getType()); W && !isa<AllocaInst>(V)) {
      Number[&V] = Weight.size();
      Weight.push_back(W);
    }
  };
  for (const Argument &A : F.args())
    Add(A);
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      Add(I);
  auto NumberOf = [&](const Value *V) -> int {
    auto It = Number.find(V);
    return It == Number.end() ? -1 : int(It->second);
  };
  DenseMap<const BasicBlock *, BitVector> LiveIn, LiveOut;
  for (const BasicBlock &BB : F)
    LiveIn[&BB] = LiveOut[&BB] = BitVector(Weight.size());
  // The values live into \p BB given what is live out of it.
  auto Transfer = [&](const BasicBlock &BB, BitVector Live, auto &&Visit) {
    for (const Instruction &I : llvm::reverse(BB)) {
      Visit(Live);
      if (int N = NumberOf(&I); N >= 0)
        Live.reset(N);
      if (isa<PHINode>(I))
        continue;
      for (const Value *Op : I.operands())
        if (int N = NumberOf(Op); N >= 0)
          Live.set(N);
    }
    Visit(Live);
    return Live;
  };
  SmallVector<const BasicBlock *> Blocks(llvm::make_pointer_range(F));
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const BasicBlock *BB : llvm::reverse(Blocks)) {
      BitVector Out(Weight.size());
      for (const BasicBlock *Succ : successors(BB)) {
        Out |= LiveIn[Succ];
        for (const PHINode &Phi : Succ->phis())
          if (int N = NumberOf(Phi.getIncomingValueForBlock(BB)); N >= 0)
            Out.set(N);
      }
      BitVector In = Transfer(*BB, Out, [](const BitVector &) {});
      Changed |= In != LiveIn[BB];
      LiveIn[BB] = std::move(In);
      LiveOut[BB] = std::move(Out);
    }
  }
  unsigned Most = 0;
  for (const BasicBlock &BB : F)
    Transfer(BB, LiveOut[&BB], [&](const BitVector &Live) {
      unsigned Sum = 0;
      for (unsigned N : Live.set_bits())
        Sum += Weight[N];
      Most = std::max(Most, Sum);
    });
  // Besides: the special registers, the stack pointer, the loads in
  // flight and temporaries.
  return std::max(16u, Most + 8);
}

void canonicalise(Module &M) {
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  FunctionPassManager FPM;
  FPM.addPass(ReassociatePass());
  FPM.addPass(InstCombinePass());
  FPM.addPass(EarlyCSEPass(/*UseMemorySSA=*/true));
  createModuleToFunctionPassAdaptor(std::move(FPM)).run(M, MAM);
}

BlockShapes shapeBlocks(const Module &M, const GpuSpec *Gpu) {
  GpuSpec Default;
  const GpuSpec &G = Gpu ? *Gpu : Default;
  BlockShapes Shapes;
  for (const Function &F : M) {
    if (F.isDeclaration())
      continue;
    DominatorTree DT(const_cast<Function &>(F));
    LoopInfo LI(DT);
    for (const BasicBlock &BB : F)
      Shapes[&BB] = shapeOf(BB, G, LI.getLoopFor(&BB) != nullptr);
  }
  return Shapes;
}

unsigned kernelSharedBytes(const Function &Kernel) {
  SmallPtrSet<const Function *, 8> Seen{&Kernel};
  SmallVector<const Function *> Work{&Kernel};
  SmallPtrSet<const GlobalVariable *, 8> Used;
  SmallPtrSet<const Constant *, 16> Visited;
  // Shared variables reached through constant expressions too.
  std::function<void(const Value *)> Visit = [&](const Value *V) {
    if (auto *G = dyn_cast<GlobalVariable>(V)) {
      if (G->getAddressSpace() == SharedSpace)
        Used.insert(G);
    } else if (auto *F = dyn_cast<Function>(V)) {
      if (!F->isDeclaration() && Seen.insert(F).second)
        Work.push_back(F);
    } else if (auto *C = dyn_cast<ConstantExpr>(V); C && Visited.insert(C).second) {
      for (const Value *Op : C->operands())
        Visit(Op);
    }
  };
  while (!Work.empty()) {
    const Function *F = Work.pop_back_val();
    for (const BasicBlock &BB : *F)
      for (const Instruction &I : BB)
        for (const Value *Op : I.operands())
          Visit(Op);
  }
  uint64_t Bytes = 0;
  const DataLayout &DL = Kernel.getDataLayout();
  for (const GlobalVariable *G : Used)
    Bytes += DL.getTypeAllocSize(G->getValueType()).getFixedValue();
  return unsigned(std::min<uint64_t>(Bytes, UINT_MAX));
}

} // namespace gevo::cpu
