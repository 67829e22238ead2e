//===- Backend.cpp - What the PTX and AMDGPU lowerings share --------------===//

#include "Backend.h"

#include "gevo/harness/Lower.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/IPO/Internalize.h"

using namespace llvm;

namespace gevo {

namespace {
constexpr unsigned SharedAddressSpace = 3;

bool hasKernel(const Module &M) {
  return any_of(M.functions(), [](const Function &F) {
    return !F.isDeclaration() && isKernel(F);
  });
}
} // namespace

Error lowerFailure(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

DiagnosticLog::DiagnosticLog(LLVMContext &Ctx) {
  Ctx.setDiagnosticHandlerCallBack(record, this);
}

Error DiagnosticLog::check(StringRef What) const {
  if (Text.empty())
    return Error::success();
  return lowerFailure(What + ": " + Text);
}

void DiagnosticLog::record(const DiagnosticInfo *DI, void *Self) {
  std::string &Text = static_cast<DiagnosticLog *>(Self)->Text;
  if (DI->getSeverity() != DS_Error || !Text.empty())
    return;
  raw_string_ostream OS(Text);
  DiagnosticPrinterRawOStream Printer(OS);
  DI->print(Printer);
}

Error checkKernelModule(const Module &M, unsigned OptLevel) {
  if (!Triple(M.getTargetTriple()).isNVPTX())
    return lowerFailure("module '" + M.getModuleIdentifier() + "' has triple '" +
                        M.getTargetTriple() +
                        "', not nvptx (expected nvptx64-nvidia-cuda)");
  if (OptLevel > 3)
    return lowerFailure("optimisation level " + Twine(OptLevel) +
                        " is out of range 0-3");
  std::string Problems;
  raw_string_ostream OS(Problems);
  if (verifyModule(M, &OS))
    return lowerFailure("module '" + M.getModuleIdentifier() +
                        "' is invalid IR: " + StringRef(Problems).trim());
  if (!hasKernel(M))
    return lowerFailure("module '" + M.getModuleIdentifier() +
                        "' defines no kernel (ptx_kernel function or "
                        "!nvvm.annotations kernel entry)");
  return Error::success();
}

SmallString<0> bitcodeOf(const Module &M) {
  SmallString<0> Bitcode;
  raw_svector_ostream OS(Bitcode);
  WriteBitcodeToFile(M, OS);
  return Bitcode;
}

CodeGenOptLevel codeGenLevel(unsigned OptLevel) {
  static constexpr CodeGenOptLevel Levels[] = {
      CodeGenOptLevel::None, CodeGenOptLevel::Less, CodeGenOptLevel::Default,
      CodeGenOptLevel::Aggressive};
  return Levels[OptLevel];
}

StringSet<> visibleGlobals(const Module &M) {
  StringSet<> Names;
  for (const Function &F : M.functions())
    if (isKernel(F))
      Names.insert(F.getName());
  for (const GlobalVariable &GV : M.globals())
    if (!GV.isDeclaration() && GV.getAddressSpace() != SharedAddressSpace)
      Names.insert(GV.getName());
  return Names;
}

void optimise(Module &M, TargetMachine &TM, unsigned OptLevel,
              const StringSet<> &Keep) {
  static const OptimizationLevel Levels[] = {
      OptimizationLevel::O0, OptimizationLevel::O1, OptimizationLevel::O2,
      OptimizationLevel::O3};
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB(&TM); // Registers the target's callbacks (NVVMReflect, ...).
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  ModulePassManager MPM;
  MPM.addPass(InternalizePass(
      [&Keep](const GlobalValue &GV) { return Keep.contains(GV.getName()); }));
  MPM.addPass(OptLevel == 0 ? PB.buildO0DefaultPipeline(Levels[0])
                            : PB.buildPerModuleDefaultPipeline(Levels[OptLevel]));
  MPM.run(M, MAM);
}

Error emitFile(Module &M, TargetMachine &TM, CodeGenFileType Type,
               SmallVectorImpl<char> &Out) {
  raw_svector_ostream OS(Out);
  legacy::PassManager PM;
  if (TM.addPassesToEmitFile(PM, OS, nullptr, Type))
    return lowerFailure("target " + TM.getTargetTriple().str() +
                        " cannot emit this kind of file");
  PM.run(M);
  return Error::success();
}

} // namespace gevo
