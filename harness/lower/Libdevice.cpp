//===- Libdevice.cpp - Linking the __nv_* functions a module calls --------===//

#include "Libdevice.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <mutex>

using namespace llvm;

namespace {

/// The bytes of the libdevice file at \p Path, read on first use and kept for
/// the life of the process (lazily loaded modules point into them).
Expected<MemoryBufferRef> cachedLibdevice(StringRef Path) {
  static std::mutex Lock;
  static StringMap<std::unique_ptr<MemoryBuffer>> Buffers;
  std::lock_guard<std::mutex> Guard(Lock);
  std::unique_ptr<MemoryBuffer> &Buffer = Buffers[Path];
  if (!Buffer) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Read = MemoryBuffer::getFile(Path);
    if (!Read) {
      Buffers.erase(Path);
      return createStringError(Read.getError(), "cannot read libdevice '%s': %s",
                               Path.str().c_str(),
                               Read.getError().message().c_str());
    }
    Buffer = std::move(*Read);
  }
  return Buffer->getMemBufferRef();
}

bool callsLibdevice(const Module &M) {
  return any_of(M.functions(), [](const Function &F) {
    return F.isDeclaration() && F.getName().starts_with("__nv_");
  });
}

} // namespace

Error gevo::linkLibdevice(Module &M, StringRef Path) {
  Expected<MemoryBufferRef> Buffer = cachedLibdevice(Path);
  if (!Buffer)
    return Buffer.takeError();
  if (!callsLibdevice(M))
    return Error::success();
  Expected<std::unique_ptr<Module>> Lib =
      getLazyBitcodeModule(*Buffer, M.getContext());
  if (!Lib)
    return createStringError(inconvertibleErrorCode(),
                             "cannot parse libdevice '%s': %s",
                             Path.str().c_str(),
                             toString(Lib.takeError()).c_str());
  // libdevice carries its own triple and an older data layout; take M's, as
  // clang does, so the linker has nothing to warn about.
  (*Lib)->setTargetTriple(M.getTargetTriple());
  (*Lib)->setDataLayout(M.getDataLayout());
  if (Linker::linkModules(M, std::move(*Lib), Linker::LinkOnlyNeeded))
    return createStringError(inconvertibleErrorCode(),
                             "linking libdevice '%s' failed", Path.str().c_str());
  return Error::success();
}
