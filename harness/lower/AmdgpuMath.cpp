//===- AmdgpuMath.cpp - The __nv_* functions a kernel calls, for AMDGPU ---===//
//
// ROCm's device libraries are not part of Debian 12, so the AMDGPU lowering
// brings its own definitions of the libdevice functions (amdgpu/*.c, built
// into NvMathBitcode.inc) and links only those a module calls.
//
//===----------------------------------------------------------------------===//

#include "AmdgpuRetarget.h"
#include "Backend.h"

#include "NvMathBitcode.inc"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"

using namespace llvm;

namespace gevo {

namespace {
StringRef nvMathBitcode() {
  return StringRef(reinterpret_cast<const char *>(NvMathBitcode),
                   sizeof(NvMathBitcode));
}

bool isNvDeclaration(const Function &F) {
  return F.isDeclaration() && F.getName().starts_with("__nv_");
}
} // namespace

Error linkNvMath(Module &M) {
  if (none_of(M.functions(), isNvDeclaration))
    return Error::success();
  Expected<std::unique_ptr<Module>> Lib = getLazyBitcodeModule(
      MemoryBufferRef(nvMathBitcode(), "gevo-nvmath"), M.getContext());
  if (!Lib)
    return lowerFailure("the AMDGPU math library does not load: " +
                        toString(Lib.takeError()));
  (*Lib)->setDataLayout(M.getDataLayout());
  (*Lib)->setTargetTriple(M.getTargetTriple());
  if (Linker::linkModules(M, std::move(*Lib), Linker::LinkOnlyNeeded))
    return lowerFailure("linking the AMDGPU math library failed");
  for (const Function &F : M.functions())
    if (isNvDeclaration(F))
      return lowerFailure("the amdgpu target has no definition of libdevice "
                          "function " + F.getName());
  return Error::success();
}

} // namespace gevo
