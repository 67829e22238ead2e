//===- Jit.cpp - ORC JIT of one retargeted module -------------------------===//

#include "Jit.h"
#include "Runtime.h"
#include "libdevice/Libdevice.h"

#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"

#include <mutex>

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
  if (OptLevel == 0)
    return;
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

Expected<std::unique_ptr<Jit>> Jit::create(std::unique_ptr<Module> M,
                                           std::unique_ptr<LLVMContext> Ctx,
                                           unsigned OptLevel) {
  auto JTMB = hostBuilder();
  if (!JTMB)
    return JTMB.takeError();
  // Below O2, the fast instruction selector and register allocator.
  if (OptLevel < 2)
    JTMB->setCodeGenOptLevel(CodeGenOptLevel::None);
  auto TM = JTMB->createTargetMachine();
  if (!TM)
    return TM.takeError();
  auto LL = LLJITBuilder().setJITTargetMachineBuilder(*JTMB).create();
  if (!LL)
    return LL.takeError();
  auto Result = std::unique_ptr<Jit>(new Jit);
  Result->J = std::move(*LL);
  JITDylib &JD = Result->J->getMainJITDylib();
  auto Process = DynamicLibrarySearchGenerator::GetForCurrentProcess(
      Result->J->getDataLayout().getGlobalPrefix());
  if (!Process)
    return Process.takeError();
  JD.addGenerator(std::move(*Process));
  Expected<SymbolMap> Symbols = hostSymbols(*M, *Result->J);
  if (!Symbols)
    return Symbols.takeError();
  optimise(*M, **TM, OptLevel);
  if (Error E = JD.define(absoluteSymbols(std::move(*Symbols))))
    return E;
  if (Error E = Result->J->addIRModule(
          ThreadSafeModule(std::move(M), std::move(Ctx))))
    return E;
  return Result;
}

Expected<void *> Jit::lookup(StringRef Name) {
  auto Address = J->lookup(Name);
  if (!Address)
    return Address.takeError();
  return Address->toPtr<void *>();
}

} // namespace gevo::cpu
