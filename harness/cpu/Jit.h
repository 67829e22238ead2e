//===- Jit.h - ORC JIT of one retargeted module -------------------*- C++ -*-===//
#ifndef GEVO_HARNESS_CPU_JIT_H
#define GEVO_HARNESS_CPU_JIT_H

#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace gevo::cpu {

/// The host's triple and data layout, as the JIT compiles for them.
struct HostTarget {
  std::string Triple;
  llvm::DataLayout DL;
};
llvm::Expected<HostTarget> hostTarget();

/// One JITDylib per Program, in an LLJIT the process shares (one per code
/// generation level), removed with it. The runtime entry points and the
/// host libdevice are defined as absolute symbols; an __nv_* function the
/// module calls that has no host implementation is an Error naming it.
class Jit {
public:
  ~Jit();
  static llvm::Expected<std::unique_ptr<Jit>>
  create(std::unique_ptr<llvm::Module> M,
         std::unique_ptr<llvm::LLVMContext> Ctx, unsigned OptLevel);
  llvm::Expected<void *> lookup(llvm::StringRef Name);
  /// Seconds create() spent in the optimisation pipeline.
  double optimiseSeconds() const { return OptimiseSeconds; }

private:
  double OptimiseSeconds = 0;
  llvm::orc::LLJIT *J = nullptr;
  llvm::orc::JITDylib *JD = nullptr;
};

} // namespace gevo::cpu

#endif
