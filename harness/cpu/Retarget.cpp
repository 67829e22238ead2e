//===- Retarget.cpp - NVPTX IR to host IR that calls the runtime ----------===//

#include "Retarget.h"
#include "Runtime.h"

#include "gevo/harness/Lower.h"
#include "gevo/passes/Uid.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace gevo::cpu {

ContextAccess::ContextAccess(Module &M) : M(M) {}

FunctionCallee ContextAccess::runtime(StringRef Name) {
  LLVMContext &C = M.getContext();
  Type *I32 = Type::getInt32Ty(C);
  if (Name == GEVO_RT_CTX) {
    FunctionCallee F = M.getOrInsertFunction(Name, PointerType::get(C, 0));
    auto *Fn = cast<Function>(F.getCallee());
    Fn->setDoesNotAccessMemory();
    Fn->setDoesNotThrow();
    Fn->setWillReturn();
    return F;
  }
  unsigned NumArgs = StringSwitch<unsigned>(Name)
                         .Case(GEVO_RT_BARRIER, 3).Case(GEVO_RT_SHFL, 5)
                         .Case(GEVO_RT_VOTE, 3).Case(GEVO_RT_YIELD, 0)
                         .Default(1);
  Type *Ret = Name == GEVO_RT_SYNCWARP || Name == GEVO_RT_YIELD
                  ? Type::getVoidTy(C)
                  : I32;
  SmallVector<Type *> Params(NumArgs, I32);
  Type *I64 = Type::getInt64Ty(C);
  Type *Ptr = PointerType::get(C, 0);
  if (Name == GEVO_RT_CHECK) { // (address, size, flags, UID) -> range
    Ret = StructType::get(C, {I64, I64});
    Params = {Ptr, I64, I32, Ptr};
  }
  if (Name == GEVO_RT_BUDGET) { // (cost, thread's start) -> new limit or 0
    Ret = I64;
    Params = {I64, I64};
  }
  if (Name == GEVO_RT_ASYNC) { // (op, dst, src, bytes, src bytes, UID)
    Ret = Type::getVoidTy(C);
    Params = {I32, Ptr, Ptr, I32, I32, Ptr};
  }
  if (Name == GEVO_RT_MATRIX) { // (op, registers, address, stride, UID)
    Ret = Type::getVoidTy(C);
    Params = {I32, Ptr, Ptr, I32, Ptr};
  }
  if (Name == GEVO_RT_SPACE) // (address) -> its state space
    Params = {Ptr};
  if (Name == GEVO_RT_ACCESS) // (address, size, flags, site, UID) -> fault
    Params = {Ptr, I64, I32, I32, Ptr};
  FunctionCallee F =
      M.getOrInsertFunction(Name, FunctionType::get(Ret, Params, false));
  cast<Function>(F.getCallee())->setDoesNotThrow();
  return F;
}

Value *ContextAccess::ctx(Function &F) {
  Value *&Ctx = Cache[&F];
  if (!Ctx) {
    auto It = F.getEntryBlock().getFirstInsertionPt();
    while (isa<AllocaInst>(*It))
      ++It;
    IRBuilder<> B(&*It);
    Ctx = B.CreateCall(runtime(GEVO_RT_CTX), {}, "gevo.ctx");
  }
  return Ctx;
}

Value *ContextAccess::fieldPtr(IRBuilder<> &B, unsigned Offset) {
  Value *Ctx = ctx(*B.GetInsertBlock()->getParent());
  return B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Ctx, Offset);
}

Value *ContextAccess::loadField(IRBuilder<> &B, unsigned Offset, Type *Ty,
                                bool Invariant) {
  LoadInst *L = B.CreateLoad(Ty, fieldPtr(B, Offset));
  if (Invariant)
    L->setMetadata(LLVMContext::MD_invariant_load,
                   MDNode::get(B.getContext(), {}));
  return L;
}

bool isContextCall(const Value *V) {
  auto *Call = dyn_cast<CallInst>(V);
  return Call && Call->getCalledFunction() &&
         Call->getCalledFunction()->getName() == GEVO_RT_CTX;
}

namespace {

/// Drops the NVPTX CPU and features, and lets the optimiser assume nothing
/// about termination, so an infinite loop of a mutant stays a loop (and a
/// function that never returns may: the step budget's exit returns).
void stripTargetAssumptions(Module &M) {
  for (Function &F : M) {
    F.removeFnAttr("target-cpu");
    F.removeFnAttr("target-features");
    F.removeFnAttr(Attribute::MustProgress);
    F.removeFnAttr(Attribute::WillReturn);
    F.removeFnAttr(Attribute::NoReturn);
    for (Instruction &I : instructions(F)) {
      I.setMetadata(LLVMContext::MD_loop, nullptr);
      if (auto *Call = dyn_cast<CallBase>(&I)) {
        Call->removeFnAttr(Attribute::WillReturn);
        Call->removeFnAttr(Attribute::NoReturn);
      }
    }
  }
}

/// The PTX ABI's system calls the host has no version of: a failed
/// assert() (__assertfail) stops the kernel as a trap does, as a GPU stops
/// it with an error; device printf (vprintf) prints nothing and answers 0,
/// so that a mutant's output cannot flood a run.
void replaceSystemCalls(Module &M) {
  SmallVector<CallInst *> Calls;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *Call = dyn_cast<CallInst>(&I))
        if (Function *Callee = Call->getCalledFunction();
            Callee && Callee->isDeclaration() &&
            (Callee->getName() == "__assertfail" ||
             Callee->getName() == "vprintf"))
          Calls.push_back(Call);
  for (CallInst *Call : Calls) {
    IRBuilder<> B(Call);
    if (Call->getCalledFunction()->getName() == "__assertfail")
      B.CreateIntrinsic(Intrinsic::trap, {}, {});
    if (!Call->getType()->isVoidTy())
      Call->replaceAllUsesWith(Constant::getNullValue(Call->getType()));
    Call->eraseFromParent();
  }
}

/// The prefix of the module's own variables once exposed.
constexpr StringLiteral LocalGlobalPrefix = "gevo.local.";

/// Gives the module's own variables in the generic space (a function's
/// constant tables, which clang makes private) external names, so that the
/// JIT can say where they are and the memory checks let their accesses
/// through. (Shared ones move into the block's arena, global and constant
/// ones become external host variables: AddressSpaces.cpp.)
void exposeLocalGlobals(Module &M) {
  for (GlobalVariable &G : M.globals())
    if (!G.isDeclaration() && G.hasLocalLinkage() &&
        G.getAddressSpace() == 0) {
      G.setName(LocalGlobalPrefix + (G.hasName() ? G.getName() : "anon"));
      G.setLinkage(GlobalValue::ExternalLinkage);
      G.setVisibility(GlobalValue::HiddenVisibility);
      G.setDSOLocal(true);
    }
}

bool isSyncCall(const CallBase &Call) {
  const Function *Callee = Call.getCalledFunction();
  if (!Callee)
    return true;
  StringRef N = Callee->getName();
  return N == GEVO_RT_BARRIER || N == GEVO_RT_SHFL || N == GEVO_RT_VOTE ||
         N == GEVO_RT_SYNCWARP || N == GEVO_RT_YIELD || N == GEVO_RT_ASYNC ||
         N == GEVO_RT_MATRIX;
}

/// Whether \p Kernel may reach a barrier, a warp operation or a fence (an
/// indirect call counts as one): its threads then run as fibers, which is
/// what the judge orders releases and acquires by.
bool synchronises(Function &Kernel) {
  SmallVector<Function *> Work = {&Kernel};
  SmallPtrSet<Function *, 8> Seen = {&Kernel};
  while (!Work.empty()) {
    Function *F = Work.pop_back_val();
    for (Instruction &I : instructions(*F)) {
      if (isa<FenceInst>(I))
        return true;
      auto *Call = dyn_cast<CallBase>(&I);
      if (!Call)
        continue;
      if (isSyncCall(*Call))
        return true;
      Function *Callee = Call->getCalledFunction();
      if (!Callee->isDeclaration() && Seen.insert(Callee).second)
        Work.push_back(Callee);
    }
  }
  return false;
}

/// Whether \p Call may record a fault without synchronising (texture and
/// surface instructions).
bool mayFault(const CallBase &Call) {
  StringRef N = Call.getCalledFunction()->getName();
  return N == GEVO_RT_TEX || N == GEVO_RT_SURF;
}

/// After every call that may stop the launch (runtime synchronisation and
/// faults, module functions, indirect calls), return at once if it did.
void addAbortExits(Function &F, ContextAccess &Ctx) {
  SmallVector<CallInst *> Calls;
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallInst>(&I))
      if (isSyncCall(*Call) || !Call->getCalledFunction()->isDeclaration() ||
          mayFault(*Call))
        Calls.push_back(Call);
  for (CallInst *Call : Calls) {
    Instruction *Next = Call->getNextNode();
    IRBuilder<> B(Next);
    Value *Aborted = B.CreateIsNotNull(
        Ctx.loadField(B, CtxAbortedOffset, B.getInt32Ty(), false));
    Instruction *Then = SplitBlockAndInsertIfThen(Aborted, Next, true);
    IRBuilder<> Ret(Then);
    if (F.getReturnType()->isVoidTy())
      Ret.CreateRetVoid();
    else
      Ret.CreateRet(PoisonValue::get(F.getReturnType()));
    Then->eraseFromParent();
  }
}

/// void gevo.entry.<kernel>(ptr Args): loads each argument from Args[i],
/// as cuLaunchKernel passes them, and calls the kernel (one thread).
std::string addEntry(Function &Kernel) {
  Module &M = *Kernel.getParent();
  LLVMContext &C = M.getContext();
  auto *Entry = Function::Create(
      FunctionType::get(Type::getVoidTy(C), {PointerType::get(C, 0)}, false),
      GlobalValue::ExternalLinkage, "gevo.entry." + Kernel.getName(), M);
  IRBuilder<> B(BasicBlock::Create(C, "", Entry));
  B.CreateCall(&Kernel, loadKernelArgs(B, Entry->getArg(0), Kernel));
  B.CreateRetVoid();
  Kernel.setCallingConv(CallingConv::C);
  return Entry->getName().str();
}

} // namespace

std::string siteOf(const Instruction &I) {
  std::string Where = "function '" + I.getFunction()->getName().str() + "'";
  if (StringRef Uid = getUid(I); !Uid.empty())
    Where += " at " + Uid.str();
  return Where;
}

Constant *uidString(Instruction &I) {
  StringRef Uid = getUid(I);
  if (Uid.empty())
    return ConstantPointerNull::get(PointerType::get(I.getContext(), 0));
  Module &M = *I.getModule();
  std::string Name = ("gevo.uid." + Uid).str();
  if (GlobalVariable *G = M.getNamedGlobal(Name))
    return G;
  IRBuilder<> B(I.getContext());
  return B.CreateGlobalString(Uid, Name, 0, &M);
}

namespace {

/// What the cpu target cannot run yet, as an Error naming the function and
/// the instruction: inline PTX, calls through a pointer.
Error checkRunnable(const Module &M) {
  for (const Function &F : M)
    for (const Instruction &I : instructions(F)) {
      auto *Call = dyn_cast<CallBase>(&I);
      if (!Call)
        continue;
      std::string Where = siteOf(I);
      if (auto *Asm = dyn_cast<InlineAsm>(Call->getCalledOperand()))
        return createStringError(
            inconvertibleErrorCode(),
            "%s: inline PTX ('%s') is not supported by the cpu target",
            Where.c_str(), Asm->getAsmString().c_str());
      if (!isa<Function>(Call->getCalledOperand()->stripPointerCasts()))
        return createStringError(inconvertibleErrorCode(),
                                 "%s: a call through a function pointer is "
                                 "not supported by the cpu target",
                                 Where.c_str());
    }
  return Error::success();
}

Error verify(const Module &M) {
  std::string Message;
  raw_string_ostream OS(Message);
  if (!verifyModule(M, &OS))
    return Error::success();
  return createStringError(inconvertibleErrorCode(),
                           "retargeted module is invalid: %s", Message.c_str());
}

} // namespace

Expected<RetargetInfo> retarget(Module &M, StringRef Triple,
                                const DataLayout &DL,
                                const RetargetOptions &Opts) {
  SmallVector<Function *> Kernels;
  for (Function &F : M)
    if (!F.isDeclaration() && isKernel(F))
      Kernels.push_back(&F);
  if (Kernels.empty())
    return createStringError(inconvertibleErrorCode(), "module has no kernel");
  if (Error E = translateInlinePtx(M))
    return E;
  if (Error E = checkRunnable(M))
    return E;
  replaceSystemCalls(M);
  exposeLocalGlobals(M);
  markCasSeeds(M);
  M.setTargetTriple(Triple);
  M.setDataLayout(DL);
  stripTargetAssumptions(M);

  RetargetInfo Info;
  BlockShapes Shapes;
  if (Opts.Gpu) {
    canonicalise(M);
    Shapes = shapeBlocks(M, Opts.Gpu);
    for (Function *K : Kernels) {
      KernelInfo &KI = Info.Kernels[K->getName()];
      KI.Registers = estimateRegisters(*K);
      KI.SharedBytes = kernelSharedBytes(*K);
    }
  }
  ContextAccess Ctx(M);
  if (Error E = replaceNvvmIntrinsics(M, Ctx)) // tells kernels apart
    return E;
  if (NamedMDNode *Annotations = M.getNamedMetadata("nvvm.annotations"))
    M.eraseNamedMetadata(Annotations);
  Expected<SharedLayout> Shared =
      lowerAddressSpaces(M, Ctx, Info.ReadOnlyGlobals);
  if (!Shared)
    return Shared.takeError();
  Info.StaticSharedBytes = Shared->StaticBytes;
  Info.ReservedSharedLo = Shared->ReservedLo;
  Info.ReservedSharedHi = Shared->ReservedHi;
  Info.Shapes = annotateCost(M, Shapes);
  for (Function *K : Kernels) {
    KernelInfo &KI = Info.Kernels[K->getName()];
    KI.NumParams = K->arg_size();
    Function *Block = synchronises(*K)
                          ? nullptr
                          : buildBlockFunction(*K, Ctx, Opts.Races || Opts.Gpu);
    if (!Block)
      continue;
    KI.EntryName = Block->getName().str();
    KI.RunsBlock = true;
  }
  DenseMap<Function *, KernelInfo *> Entries;
  for (Function *K : Kernels) {
    KernelInfo &KI = Info.Kernels[K->getName()];
    Entries[KI.RunsBlock ? M.getFunction(KI.EntryName) : K] = &KI;
  }
  Info.CheckSites = instrument(M, Ctx, Opts, Info.StaticSharedBytes,
                               Info.ReadOnlyGlobals, Entries,
                               Info.Shapes.size());
  for (GlobalVariable &G : M.globals()) {
    if (G.isDeclaration() || G.getName() == ReadOnlyArgsVar)
      continue;
    uint64_t Bytes = DL.getTypeAllocSize(G.getValueType()).getFixedValue();
    if (G.getName().starts_with(LocalGlobalPrefix))
      Info.LocalGlobals[G.getName()] = {Bytes, !G.isConstant()};
    else if (G.hasExternalLinkage())
      Info.GlobalBytes[G.getName()] = Bytes;
  }
  for (Function &F : M)
    if (!F.isDeclaration()) {
      addAbortExits(F, Ctx);
      F.setLinkage(GlobalValue::InternalLinkage);
    }
  // A kernel run by its block function is left unused (and dropped by the
  // optimiser).
  for (Function *K : Kernels) {
    KernelInfo &KI = Info.Kernels[K->getName()];
    if (KI.RunsBlock)
      M.getFunction(KI.EntryName)->setLinkage(GlobalValue::ExternalLinkage);
    else
      KI.EntryName = addEntry(*K);
  }
  defineThunks(M, Ctx);
  if (Error E = verify(M))
    return E;
  return Info;
}

} // namespace gevo::cpu
