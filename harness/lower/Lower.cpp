//===- Lower.cpp - NVPTX IR to PTX in process -----------------------------===//

#include "gevo/harness/Lower.h"

#include "Backend.h"
#include "CallSites.h"
#include "Guard.h"
#include "Libdevice.h"
#include "Nvvm.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

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

void initialiseNVPTX() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
}

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
  return gevo::lowerFailure("unknown NVPTX arch '" + Arch +
                            "' (expected e.g. sm_80)");
}

/// The PTX ISA version the module was compiled for (its functions'
/// "+ptxNN" target feature, as clang sets it), so that the PTX's .version
/// admits what its inline PTX uses; empty: the arch's minimum.
std::string ptxVersionFeature(const Module &M) {
  for (const Function &F : M) {
    SmallVector<StringRef> Features;
    F.getFnAttribute("target-features").getValueAsString().split(Features, ',');
    for (StringRef Feature : Features)
      if (Feature.starts_with("+ptx"))
        return Feature.str();
  }
  return "";
}

std::unique_ptr<TargetMachine> createMachine(const Module &M,
                                             const gevo::PtxOptions &Opts) {
  Triple TT(M.getTargetTriple());
  return std::unique_ptr<TargetMachine>(nvptxTarget(TT)->createTargetMachine(
      TT.str(), Opts.Arch, ptxVersionFeature(M), TargetOptions(), std::nullopt,
      std::nullopt, gevo::codeGenLevel(Opts.OptLevel)));
}

Error emitPtx(Module &M, TargetMachine &TM, std::string &Ptx) {
  SmallString<0> Text;
  if (Error E = gevo::emitFile(M, TM, CodeGenFileType::AssemblyFile, Text))
    return E;
  Ptx = gevo::renumberCallSites(
      Text, [&M](StringRef Name) { return M.getNamedValue(Name) != nullptr; });
  return Error::success();
}

/// The lowering proper, on a module read from \p Bitcode into a context of
/// its own: everything it builds is owned here, as runGuarded requires.
Error lowerBitcode(StringRef Bitcode, const gevo::PtxOptions &Opts,
                   std::string &Ptx) {
  LLVMContext Ctx;
  gevo::DiagnosticLog Log(Ctx);
  Expected<std::unique_ptr<Module>> M =
      parseBitcodeFile(MemoryBufferRef(Bitcode, "input"), Ctx);
  if (!M)
    return M.takeError();
  std::unique_ptr<TargetMachine> TM = createMachine(**M, Opts);
  (*M)->setDataLayout(TM->createDataLayout()); // As llc does.
  StringSet<> Keep = gevo::visibleGlobals(**M);
  if (!Opts.LibdevicePath.empty())
    if (Error E = gevo::linkLibdevice(**M, Opts.LibdevicePath))
      return joinErrors(std::move(E), Log.check("libdevice linker"));
  gevo::optimise(**M, *TM, Opts.OptLevel, Keep);
  if (Error E = Log.check("optimising"))
    return E;
  gevo::orderAtomicsForNvptx(**M);
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
  if (Error E = checkKernelModule(M, Opts.OptLevel))
    return E;
  if (Error E = checkArch(Triple(M.getTargetTriple()), Opts.Arch))
    return E;
  SmallString<0> Bitcode = bitcodeOf(M);
  std::string Ptx;
  if (Error E = runGuarded("lowering '" + M.getModuleIdentifier() + "' to PTX",
                           [&] { return lowerBitcode(Bitcode, Opts, Ptx); }))
    return E;
  return Ptx;
}
