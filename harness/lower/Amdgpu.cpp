//===- Amdgpu.cpp - NVPTX IR to an AMDGPU code object in process ----------===//

#include "gevo/harness/Amdgpu.h"

#include "AmdgpuRetarget.h"
#include "Backend.h"
#include "Guard.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

#include <memory>
#include <mutex>

extern "C" {
void LLVMInitializeAMDGPUTargetInfo();
void LLVMInitializeAMDGPUTarget();
void LLVMInitializeAMDGPUTargetMC();
void LLVMInitializeAMDGPUAsmPrinter();
}

using namespace llvm;

namespace gevo {

namespace {
constexpr StringRef AmdgcnTriple = "amdgcn-amd-amdhsa";

const Target *amdgcnTarget() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUAsmPrinter();
  });
  std::string Ignored;
  return TargetRegistry::lookupTarget(AmdgcnTriple.str(), Ignored);
}

Error checkInput(const Module &M, const AmdgpuOptions &Opts) {
  if (Error E = checkKernelModule(M, Opts.OptLevel))
    return E;
  std::unique_ptr<MCSubtargetInfo> STI(
      amdgcnTarget()->createMCSubtargetInfo(AmdgcnTriple, "", ""));
  if (STI->isCPUStringValid(Opts.Arch))
    return Error::success();
  return lowerFailure("unknown AMDGPU arch '" + Opts.Arch +
                      "' (expected e.g. gfx90a)");
}

std::unique_ptr<TargetMachine> createMachine(const AmdgpuOptions &Opts) {
  return std::unique_ptr<TargetMachine>(amdgcnTarget()->createTargetMachine(
      AmdgcnTriple, Opts.Arch, "", TargetOptions(), std::nullopt,
      std::nullopt, codeGenLevel(Opts.OptLevel)));
}

/// What to do with the retargeted module: print it, or compile it.
enum class Stage { RetargetedIR, Object };

/// The lowering proper, on a module read from \p Bitcode into a context of
/// its own: everything it builds is owned here, as runGuarded requires.
Error lowerBitcode(StringRef Bitcode, const AmdgpuOptions &Opts, Stage Until,
                   std::string &Out) {
  LLVMContext Ctx;
  DiagnosticLog Log(Ctx);
  Expected<std::unique_ptr<Module>> M =
      parseBitcodeFile(MemoryBufferRef(Bitcode, "input"), Ctx);
  if (!M)
    return M.takeError();
  std::unique_ptr<TargetMachine> TM = createMachine(Opts);
  StringSet<> Keep = visibleGlobals(**M);
  if (Error E = retargetToAmdgcn(**M, *TM))
    return joinErrors(std::move(E), Log.check("retargeting"));
  if (Until == Stage::RetargetedIR) {
    raw_string_ostream(Out) << **M;
    return Error::success();
  }
  optimise(**M, *TM, Opts.OptLevel, Keep);
  if (Error E = Log.check("optimising"))
    return E;
  SmallString<0> Object;
  if (Error E = emitFile(**M, *TM, CodeGenFileType::ObjectFile, Object))
    return E;
  Out = Object.str().str();
  return Log.check("AMDGPU code generation");
}

Expected<std::string> lowerUntil(const Module &M, const AmdgpuOptions &Opts,
                                 Stage Until) {
  if (Error E = checkInput(M, Opts))
    return E;
  SmallString<0> Bitcode = bitcodeOf(M);
  std::string Out;
  if (Error E = runGuarded(
          "lowering '" + M.getModuleIdentifier() + "' to AMDGPU",
          [&] { return lowerBitcode(Bitcode, Opts, Until, Out); }))
    return E;
  return Out;
}
} // namespace

Expected<std::string> retargetToAmdgcn(const Module &M,
                                       const AmdgpuOptions &Opts) {
  return lowerUntil(M, Opts, Stage::RetargetedIR);
}

Expected<std::string> compileToAmdgcn(const Module &M,
                                      const AmdgpuOptions &Opts) {
  return lowerUntil(M, Opts, Stage::Object);
}

Expected<std::string> lowerToAmdgpu(const Module &M, const AmdgpuOptions &Opts) {
  std::optional<std::string> Lld =
      Opts.Lld.empty() ? findLld() : std::optional(Opts.Lld);
  if (!Lld)
    return lowerFailure("ld.lld not found (install lld-19 or set GEVO_LLD)");
  Expected<std::string> Object = compileToAmdgcn(M, Opts);
  if (!Object)
    return Object.takeError();
  return linkCodeObject(*Object, *Lld);
}

} // namespace gevo
