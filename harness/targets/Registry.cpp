//===- Registry.cpp - The GPU targets ------------------------------------===//

#include "gevo/harness/Targets.h"

namespace gevo {

#define GEVO_GPU_TARGET(Ident) extern const GpuTarget Ident##Target;
#include "Targets.def"

const std::vector<const GpuTarget *> &gpuTargets() {
  static const std::vector<const GpuTarget *> All = {
#define GEVO_GPU_TARGET(Ident) &Ident##Target,
#include "Targets.def"
  };
  return All;
}

const GpuTarget *findGpuTarget(llvm::StringRef Name) {
  for (const GpuTarget *T : gpuTargets())
    if (Name == T->Name)
      return T;
  return nullptr;
}

bool isKnownTarget(llvm::StringRef Name) { return Name == "cpu" || findGpuTarget(Name); }

namespace {
/// "cpu", then each GPU target as Item gives it, joined by ", " and " or ".
template <typename ItemFn> std::string joined(std::string Cpu, ItemFn Item) {
  const std::vector<const GpuTarget *> &All = gpuTargets();
  for (size_t I = 0; I < All.size(); ++I)
    Cpu += (I + 1 == All.size() ? " or " : ", ") + Item(*All[I]);
  return Cpu;
}
} // namespace

std::string targetNames() {
  return joined("cpu", [](const GpuTarget &T) { return std::string(T.Name); });
}

std::string targetHelp() {
  return joined("cpu (the reference: JIT-run on this host, every access checked)",
                [](const GpuTarget &T) { return std::string(T.Name) + " (" + T.Help + ")"; });
}

} // namespace gevo
