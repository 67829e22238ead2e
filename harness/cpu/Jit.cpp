//===- Jit.cpp - ORC JIT of one retargeted module -------------------------===//

#include "Jit.h"
#include "Runtime.h"
#include "libdevice/Libdevice.h"

#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"

#include <atomic>
#include <chrono>
#include <mutex>

#include <unistd.h>

using namespace llvm;
using namespace llvm::orc;

namespace gevo::cpu {
namespace {

Expected<JITTargetMachineBuilder> hostBuilder() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    InitializeNativeTarget();
    InitializeNativeTargetAsmPrinter();
  });
  return JITTargetMachineBuilder::detectHost();
}

/// Runtime entry points and the libdevice functions \p M declares.
Expected<SymbolMap> hostSymbols(const Module &M, LLJIT &J) {
  SymbolMap Symbols;
  auto Define = [&](StringRef Name, void *Address) {
    Symbols[J.mangleAndIntern(Name)] = {ExecutorAddr::fromPtr(Address),
                                        JITSymbolFlags::Exported |
                                            JITSymbolFlags::Callable};
  };
  for (auto [Name, Address] : runtimeEntryPoints())
    Define(Name, Address);
  for (const Function &F : M) {
    if (!F.isDeclaration() || !F.getName().starts_with("__nv_"))
      continue;
    void *Address = findLibdeviceSymbol(F.getName());
    if (!Address)
      return createStringError(inconvertibleErrorCode(),
                               "no host implementation of %s",
                               F.getName().str().c_str());
    Define(F.getName(), Address);
  }
  return Symbols;
}

void optimise(Module &M, TargetMachine &TM, unsigned OptLevel) {
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB(&TM);
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  const OptimizationLevel Levels[] = {OptimizationLevel::O1,
                                      OptimizationLevel::O2,
                                      OptimizationLevel::O3};
  PB.buildPerModuleDefaultPipeline(Levels[std::min(OptLevel, 3u) - 1])
      .run(M, MAM);
}

} // namespace

Expected<HostTarget> hostTarget() {
  auto JTMB = hostBuilder();
  if (!JTMB)
    return JTMB.takeError();
  auto DL = JTMB->getDefaultDataLayoutForTarget();
  if (!DL)
    return DL.takeError();
  return HostTarget{JTMB->getTargetTriple().str(), *DL};
}

namespace {

/// This thread's LLJIT for code generation at \p Fast (CodeGenOptLevel
/// None) or the default level, made on first use: creating one costs about
/// as much as compiling a small kernel. Each Jit is a JITDylib in it,
/// compiled on this thread (one target machine serves its compiles, with no
/// copy of the module and no compile thread). They are never destroyed (the
/// process may exit with code still linked); after a fork the child makes
/// its own.
Expected<LLJIT &> sharedJit(bool Fast) {
  thread_local pid_t Owner = 0;
  thread_local LLJIT *Jits[2] = {};
  if (Owner != getpid()) {
    Owner = getpid();
    Jits[0] = Jits[1] = nullptr;
  }
  if (!Jits[Fast]) {
    auto JTMB = hostBuilder();
    if (!JTMB)
      return JTMB.takeError();
    if (Fast)
      JTMB->setCodeGenOptLevel(CodeGenOptLevel::None);
    auto LL = LLJITBuilder().setJITTargetMachineBuilder(*JTMB).create();
    if (!LL)
      return LL.takeError();
    Jits[Fast] = LL->release();
  }
  return *Jits[Fast];
}

} // namespace

Expected<std::unique_ptr<Jit>> Jit::create(std::unique_ptr<Module> M,
                                           std::unique_ptr<LLVMContext> Ctx,
                                           unsigned OptLevel) {
  // Below O2, the fast instruction selector and register allocator.
  auto Shared = sharedJit(OptLevel < 2);
  if (!Shared)
    return Shared.takeError();
  static std::atomic<uint64_t> Count{0};
  auto JD = Shared->createJITDylib("gevo." + std::to_string(Count++));
  if (!JD)
    return JD.takeError();
  auto Result = std::unique_ptr<Jit>(new Jit);
  Result->J = &*Shared;
  Result->JD = &*JD;
  Expected<SymbolMap> Symbols = hostSymbols(*M, *Result->J);
  if (!Symbols)
    return Symbols.takeError();
  auto Start = std::chrono::steady_clock::now();
  if (OptLevel > 0) {
    auto JTMB = hostBuilder();
    if (!JTMB)
      return JTMB.takeError();
    auto TM = JTMB->createTargetMachine();
    if (!TM)
      return TM.takeError();
    optimise(*M, **TM, OptLevel);
  }
  Result->OptimiseSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  if (Error E = JD->define(absoluteSymbols(std::move(*Symbols))))
    return E;
  if (Error E = Result->J->addIRModule(
          *JD, ThreadSafeModule(std::move(M), std::move(Ctx))))
    return E;
  return Result;
}

Jit::~Jit() {
  if (JD)
    if (Error E = J->getExecutionSession().removeJITDylib(*JD))
      consumeError(std::move(E)); // its memory stays; nothing else to do
}

Expected<void *> Jit::lookup(StringRef Name) {
  auto Address = J->lookup(*JD, Name);
  if (!Address)
    return Address.takeError();
  return Address->toPtr<void *>();
}

} // namespace gevo::cpu
