//===- Gpu.cpp - GPU descriptions: built-in ones and users' files ---------===//

#include "gevo/harness/cpu/Gpu.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <cstring>
#include <utility>

using namespace llvm;

namespace gevo::cpu {
namespace {

/// (name, JSON text) of each harness/gpus/*.json, generated at configure
/// time.
const std::pair<const char *, const char *> BuiltIn[] = {
#include "GpuData.inc"
};

Error specError(StringRef Origin, const Twine &Message) {
  return createStringError(inconvertibleErrorCode(),
                           Origin + ": " + Message);
}

/// Reads the description's keys; the first bad one is the Error.
class Reader {
public:
  Reader(const nlohmann::json &J, StringRef Origin) : J(J), Origin(Origin) {}

  template <typename T> void number(const char *Key, T &Out, double Min) {
    if (E)
      return;
    auto It = J.find(Key);
    if (It == J.end() || !It->is_number())
      return fail(Key, "missing, or not a number");
    double V = It->get<double>();
    if (!(V >= Min))
      return fail(Key, "must be at least " + std::to_string(Min) + ", is " +
                           std::to_string(V));
    Out = T(V);
  }
  void text(const char *Key, std::string &Out) {
    if (E)
      return;
    auto It = J.find(Key);
    if (It == J.end() || !It->is_string())
      return fail(Key, "missing, or not a string");
    Out = It->get<std::string>();
  }
  Reader latencies() {
    auto It = J.find("latency_cycles");
    if (!E && (It == J.end() || !It->is_object()))
      fail("latency_cycles", "missing, or not an object");
    static const nlohmann::json Empty = nlohmann::json::object();
    return Reader(E ? Empty : *It, Origin, "latency_cycles.");
  }
  Error take() { return E ? std::move(*E) : Error::success(); }

private:
  Reader(const nlohmann::json &J, StringRef Origin, std::string Prefix)
      : J(J), Origin(Origin), Prefix(std::move(Prefix)) {}
  void fail(const char *Key, const Twine &Message) {
    E = specError(Origin, "'" + Prefix + Key + "': " + Message);
  }

  const nlohmann::json &J;
  StringRef Origin;
  std::string Prefix;
  std::optional<Error> E;
};

} // namespace

Expected<GpuSpec> parseGpuSpec(StringRef Json, StringRef Origin) {
  nlohmann::json J = nlohmann::json::parse(Json.begin(), Json.end(), nullptr,
                                           /*allow_exceptions=*/false);
  if (J.is_discarded() || !J.is_object())
    return specError(Origin, "not a JSON object");
  GpuSpec G;
  Reader R(J, Origin);
  R.text("name", G.Name);
  R.text("full_name", G.FullName);
  R.text("vendor", G.Vendor);
  R.text("arch", G.Arch);
  R.number("sms", G.Sms, 1);
  R.number("warp_size", G.WarpSize, 1);
  R.number("clock_mhz", G.ClockMhz, 1);
  R.number("max_threads_per_block", G.MaxThreadsPerBlock, 1);
  R.number("max_warps_per_sm", G.MaxWarpsPerSm, 1);
  R.number("max_blocks_per_sm", G.MaxBlocksPerSm, 1);
  R.number("registers_per_sm", G.RegistersPerSm, 1);
  R.number("max_registers_per_thread", G.MaxRegistersPerThread, 1);
  R.number("register_alloc_unit", G.RegisterAllocUnit, 1);
  R.number("shared_bytes_per_sm", G.SharedBytesPerSm, 0);
  R.number("shared_bytes_per_block", G.SharedBytesPerBlock, 0);
  R.number("shared_alloc_unit", G.SharedAllocUnit, 1);
  R.number("shared_reserved_per_block", G.SharedReservedPerBlock, 0);
  R.number("schedulers_per_sm", G.Schedulers, 0.001);
  R.number("fp32_lanes_per_sm", G.Fp32Lanes, 0.001);
  R.number("int32_lanes_per_sm", G.Int32Lanes, 0.001);
  R.number("fp64_lanes_per_sm", G.Fp64Lanes, 0.001);
  R.number("sfu_lanes_per_sm", G.SfuLanes, 0.001);
  R.number("lsu_lanes_per_sm", G.LsuLanes, 0.001);
  R.number("shared_banks", G.SharedBanks, 1);
  R.number("shared_bank_bytes", G.SharedBankBytes, 1);
  R.number("sector_bytes", G.SectorBytes, 1);
  R.number("dram_bandwidth_gbs", G.DramGBs, 0.001);
  R.number("l2_bandwidth_gbs", G.L2GBs, 0.001);
  R.number("l2_bytes", G.L2Bytes, 0);
  R.number("launch_overhead_us", G.LaunchOverheadUs, 0);
  if (Error E = R.take())
    return E;
  Reader L = R.latencies();
  L.number("alu", G.Latency.Alu, 0);
  L.number("sfu", G.Latency.Sfu, 0);
  L.number("shared", G.Latency.Shared, 0);
  L.number("l2", G.Latency.L2, 0);
  L.number("dram", G.Latency.Dram, 0);
  L.number("atomic", G.Latency.Atomic, 0);
  L.number("barrier", G.Latency.Barrier, 0);
  if (Error E = L.take())
    return E;
  if (G.WarpSize > 64)
    return specError(Origin, "'warp_size': at most 64, is " +
                                 Twine(G.WarpSize));
  return G;
}

Expected<GpuSpec> findGpu(StringRef NameOrPath) {
  if (NameOrPath.ends_with(".json")) {
    auto Buffer = MemoryBuffer::getFile(NameOrPath);
    if (!Buffer)
      return specError(NameOrPath, Buffer.getError().message());
    return parseGpuSpec((*Buffer)->getBuffer(), NameOrPath);
  }
  for (auto &[Name, Json] : BuiltIn)
    if (NameOrPath.equals_insensitive(Name))
      return parseGpuSpec(Json, std::string("harness/gpus/") + Name + ".json");
  return createStringError(inconvertibleErrorCode(),
                           "no GPU named '" + NameOrPath + "' (GPUs: " +
                               join(gpuNames(), ", ") +
                               "; or a description file, NAME.json)");
}

std::string gpuForDevice(StringRef DeviceName) {
  auto Key = [](StringRef Text) {
    std::string Out;
    for (char C : Text.lower())
      if (std::isalnum(uint8_t(C)))
        Out += C;
    for (const char *Word : {"nvidia", "geforce", "amd", "radeon"})
      if (size_t At = Out.find(Word); At != std::string::npos)
        Out.erase(At, strlen(Word));
    return Out;
  };
  std::string Want = Key(DeviceName);
  for (auto &[Name, Json] : BuiltIn) {
    auto G = parseGpuSpec(Json, Name);
    if (!G) {
      consumeError(G.takeError());
      continue;
    }
    if (!Want.empty() && (Key(G->Name) == Want || Key(G->FullName) == Want))
      return Name;
  }
  return "";
}

std::vector<std::string> gpuNames() {
  std::vector<std::string> Names;
  for (auto &[Name, Json] : BuiltIn)
    Names.push_back(Name);
  llvm::sort(Names);
  return Names;
}

} // namespace gevo::cpu
