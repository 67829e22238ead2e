//===- Gpu.h - The GPUs the performance model predicts for -------*- C++ -*-===//
//
// A GpuSpec is what the cpu target's performance model (cpu/Perf.h) knows
// of a GPU: its SMs, what one SM may hold (warps, blocks, registers, shared
// memory), its issue and pipe rates, its memory bandwidths and latencies.
// The descriptions are data (harness/gpus/*.json, built into the library,
// their numbers' sources in each file); a user's own is a JSON file of the
// same keys.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_CPU_GPU_H
#define GEVO_HARNESS_CPU_GPU_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace gevo::cpu {

struct GpuSpec {
  std::string Name, FullName, Vendor, Arch;
  unsigned Sms = 0, WarpSize = 32;
  double ClockMhz = 0;
  unsigned MaxThreadsPerBlock = 1024;
  unsigned MaxWarpsPerSm = 0, MaxBlocksPerSm = 0;
  unsigned RegistersPerSm = 0, MaxRegistersPerThread = 255;
  unsigned RegisterAllocUnit = 256; ///< per warp
  unsigned SharedBytesPerSm = 0, SharedBytesPerBlock = 0;
  unsigned SharedAllocUnit = 128, SharedReservedPerBlock = 0;
  /// Per SM and clock: warp instructions issued, and results of each pipe.
  double Schedulers = 4, Fp32Lanes = 64, Int32Lanes = 64, Fp64Lanes = 2,
         SfuLanes = 16, LsuLanes = 32;
  unsigned SharedBanks = 32, SharedBankBytes = 4, SectorBytes = 32;
  double DramGBs = 0, L2GBs = 0; ///< 1e9 bytes a second
  double L2Bytes = 0;
  /// In core clock cycles.
  struct {
    double Alu = 4, Sfu = 20, Shared = 25, L2 = 200, Dram = 450,
           Atomic = 300, Barrier = 20;
  } Latency;
  double LaunchOverheadUs = 3;
};

/// The model's default GPU (gevo's --gpu).
inline constexpr const char *DefaultGpu = "a100";

/// Parses a description (the keys of harness/gpus/README.md); \p Origin
/// names it in errors ("rtx.json: 'sms': must be a number above 0").
llvm::Expected<GpuSpec> parseGpuSpec(llvm::StringRef Json,
                                     llvm::StringRef Origin);
/// A built-in GPU by name ("a100", case-insensitive), or a description
/// file when \p NameOrPath ends in .json; an unknown name's Error lists the
/// built-in ones.
llvm::Expected<GpuSpec> findGpu(llvm::StringRef NameOrPath);
/// The built-in GPUs' names, sorted.
std::vector<std::string> gpuNames();
/// The built-in GPU a driver calls \p DeviceName ("NVIDIA GeForce RTX
/// 3090": rtx_3090), by name or full name, ignoring case, spaces,
/// underscores, hyphens and the vendor's words; empty when none.
std::string gpuForDevice(llvm::StringRef DeviceName);

} // namespace gevo::cpu

#endif // GEVO_HARNESS_CPU_GPU_H
