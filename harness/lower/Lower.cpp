//===- Lower.cpp - NVPTX IR to PTX in process -----------------------------===//

#include "gevo/harness/Lower.h"

#include "CallSites.h"
#include "Guard.h"
#include "Libdevice.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/IPO/Internalize.h"

#include <memory>
#include <mutex>

extern "C" {
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTarget();
void LLVMInitializeNVPTXTargetMC();
void LLVMInitializeNVPTXAsmPrinter();
}

using namespace llvm;

namespace {

constexpr unsigned SharedAddressSpace = 3;

Error failure(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

void initialiseNVPTX() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
}

/// Collects the errors LLVM reports through a context's diagnostic handler
/// (the default handler would print them and exit) and drops the rest.
class DiagnosticLog {
public:
  explicit DiagnosticLog(LLVMContext &Ctx) {
    Ctx.setDiagnosticHandlerCallBack(record, this);
  }
  /// An Error "<What>: <first error reported>" if there was one.
  Error check(StringRef What) const {
    if (Text.empty())
      return Error::success();
    return failure(What + ": " + Text);
  }

private:
  static void record(const DiagnosticInfo *DI, void *Self) {
    std::string &Text = static_cast<DiagnosticLog *>(Self)->Text;
    if (DI->getSeverity() != DS_Error || !Text.empty())
      return;
    raw_string_ostream OS(Text);
    DiagnosticPrinterRawOStream Printer(OS);
    DI->print(Printer);
  }
  std::string Text;
};

const Target *nvptxTarget(const Triple &TT) {
  std::string Ignored;
  return TargetRegistry::lookupTarget(TT.str(), Ignored);
}

Error checkArch(const Triple &TT, StringRef Arch) {
  // An empty CPU makes no "not a recognized processor" warning on stderr.
  std::unique_ptr<MCSubtargetInfo> STI(
      nvptxTarget(TT)->createMCSubtargetInfo(TT.str(), "", ""));
  if (STI->isCPUStringValid(Arch))
    return Error::success();
  return failure("unknown NVPTX arch '" + Arch + "' (expected e.g. sm_80)");
}

bool hasKernel(const Module &M) {
  return any_of(M.functions(), [](const Function &F) {
    return !F.isDeclaration() && gevo::isKernel(F);
  });
}

Error checkInput(const Module &M, const gevo::PtxOptions &Opts) {
  Triple TT(M.getTargetTriple());
  if (!TT.isNVPTX())
    return failure("module '" + M.getModuleIdentifier() + "' has triple '" +
                   M.getTargetTriple() +
                   "', not nvptx (expected nvptx64-nvidia-cuda)");
  if (Opts.OptLevel > 3)
    return failure("optimisation level " + Twine(Opts.OptLevel) +
                   " is out of range 0-3");
  std::string Problems;
  raw_string_ostream OS(Problems);
  if (verifyModule(M, &OS))
    return failure("module '" + M.getModuleIdentifier() +
                   "' is invalid IR: " + StringRef(Problems).trim());
  if (!hasKernel(M))
    return failure("module '" + M.getModuleIdentifier() +
                   "' defines no kernel (ptx_kernel function or "
                   "!nvvm.annotations kernel entry)");
  return checkArch(TT, Opts.Arch);
}

std::unique_ptr<TargetMachine> createMachine(const Module &M,
                                             const gevo::PtxOptions &Opts) {
  static constexpr CodeGenOptLevel Levels[] = {
      CodeGenOptLevel::None, CodeGenOptLevel::Less, CodeGenOptLevel::Default,
      CodeGenOptLevel::Aggressive};
  Triple TT(M.getTargetTriple());
  return std::unique_ptr<TargetMachine>(nvptxTarget(TT)->createTargetMachine(
      TT.str(), Opts.Arch, "", TargetOptions(), std::nullopt, std::nullopt,
      Levels[Opts.OptLevel]));
}

/// What internalization must keep: kernels, and the global variables M
/// defines outside shared memory (the host reaches those by name).
StringSet<> visibleGlobals(const Module &M) {
  StringSet<> Names;
  for (const Function &F : M.functions())
    if (gevo::isKernel(F))
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
  PassBuilder PB(&TM); // Registers NVPTX's callbacks, NVVMReflect among them.
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

Error emitPtx(Module &M, TargetMachine &TM, std::string &Ptx) {
  SmallString<0> Text;
  raw_svector_ostream OS(Text);
  legacy::PassManager PM;
  if (TM.addPassesToEmitFile(PM, OS, nullptr, CodeGenFileType::AssemblyFile))
    return failure("the NVPTX target cannot emit PTX");
  PM.run(M);
  Ptx = gevo::renumberCallSites(
      Text, [&M](StringRef Name) { return M.getNamedValue(Name) != nullptr; });
  return Error::success();
}

/// The lowering proper, on a module read from \p Bitcode into a context of
/// its own: everything it builds is owned here, as runGuarded requires.
Error lowerBitcode(StringRef Bitcode, const gevo::PtxOptions &Opts,
                   std::string &Ptx) {
  LLVMContext Ctx;
  DiagnosticLog Log(Ctx);
  Expected<std::unique_ptr<Module>> M =
      parseBitcodeFile(MemoryBufferRef(Bitcode, "input"), Ctx);
  if (!M)
    return M.takeError();
  std::unique_ptr<TargetMachine> TM = createMachine(**M, Opts);
  (*M)->setDataLayout(TM->createDataLayout()); // As llc does.
  StringSet<> Keep = visibleGlobals(**M);
  if (!Opts.LibdevicePath.empty())
    if (Error E = gevo::linkLibdevice(**M, Opts.LibdevicePath))
      return joinErrors(std::move(E), Log.check("libdevice linker"));
  optimise(**M, *TM, Opts.OptLevel, Keep);
  if (Error E = Log.check("optimising"))
    return E;
  if (Error E = emitPtx(**M, *TM, Ptx))
    return E;
  return Log.check("NVPTX code generation");
}

} // namespace

bool gevo::isKernel(const Function &F) {
  if (F.getCallingConv() == CallingConv::PTX_Kernel)
    return true;
  const NamedMDNode *Annotations =
      F.getParent() ? F.getParent()->getNamedMetadata("nvvm.annotations")
                    : nullptr;
  if (!Annotations)
    return false;
  for (const MDNode *Node : Annotations->operands()) {
    if (Node->getNumOperands() == 0 ||
        mdconst::dyn_extract_or_null<Function>(Node->getOperand(0)) != &F)
      continue;
    for (unsigned I = 1; I + 1 < Node->getNumOperands(); I += 2) {
      const auto *Key = dyn_cast_or_null<MDString>(Node->getOperand(I));
      const auto *Value =
          mdconst::dyn_extract_or_null<ConstantInt>(Node->getOperand(I + 1));
      if (Key && Value && Key->getString() == "kernel" && Value->isOne())
        return true;
    }
  }
  return false;
}

Expected<std::string> gevo::lowerToPTX(const Module &M, const PtxOptions &Opts) {
  initialiseNVPTX();
  if (Error E = checkInput(M, Opts))
    return E;
  SmallString<0> Bitcode;
  raw_svector_ostream OS(Bitcode);
  WriteBitcodeToFile(M, OS);
  std::string Ptx;
  if (Error E = runGuarded("lowering '" + M.getModuleIdentifier() + "' to PTX",
                           [&] { return lowerBitcode(Bitcode, Opts, Ptx); }))
    return E;
  return Ptx;
}
