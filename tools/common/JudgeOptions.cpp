//===- JudgeOptions.cpp - The cpu target's judge on the command line ------===//

#include "JudgeOptions.h"
#include "ToolSupport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace po = boost::program_options;

namespace gevo {

void addJudgeOptions(po::options_description &Opts) {
  Opts.add_options()(
      "check",
      po::value<std::string>()->default_value("races,uninitialized,schedules"),
      "what the cpu target rejects besides wrong outputs: races (accesses "
      "of two threads, one a plain write, that no barrier, warp "
      "synchronisation or launch boundary orders), uninitialized (reads of "
      "shared memory no thread wrote), schedules (outputs that change when "
      "the case runs again with blocks and threads in reverse order); a "
      "comma-separated list or none")(
      "memory-model", po::value<std::string>()->default_value("volta"),
      "volta: lanes of a warp are ordered only by __syncwarp, shuffles and "
      "votes (Volta and later GPUs); warp-synchronous: lanes of a warp run "
      "in lockstep and never race with each other (pre-Volta GPUs, volatile "
      "warp-synchronous code as the GEVO paper's kernels had it)")(
      "allow-base-races",
      "let the unmodified kernel's own races and uninitialized reads through "
      "(its other instructions, and every variant's new ones, are still "
      "judged); without it a kernel that races is refused, naming both "
      "instructions")(
      "cpu-opt", po::value<std::string>()->default_value("auto"),
      "the cpu target's JIT tier for the base and every variant: 0 (no IR "
      "optimisation, fast instruction selection: the quickest compile), 1, "
      "2, 3, or auto: 0 unless O2's faster code more than pays for its "
      "longer compile on the base's evaluation cases");
}

int cpuOptOption(llvm::StringRef Tool, const po::variables_map &VM,
                 int ExitStatus) {
  std::string Value = VM["cpu-opt"].as<std::string>();
  if (Value == "auto")
    return -1;
  if (Value.size() != 1 || Value[0] < '0' || Value[0] > '3')
    toolError(Tool, "--cpu-opt: '" + Value + "' is not auto, 0, 1, 2 or 3",
              ExitStatus);
  return Value[0] - '0';
}

Judge judgeOptions(llvm::StringRef Tool, const po::variables_map &VM,
                   int ExitStatus) {
  Judge J;
  if (llvm::Error E = J.setChecks(VM["check"].as<std::string>()))
    toolError(Tool, "--check: " + llvm::toString(std::move(E)), ExitStatus);
  std::string Model = VM["memory-model"].as<std::string>();
  auto M = parseMemoryModel(Model);
  if (!M)
    toolError(Tool,
              "--memory-model: unknown model '" + Model +
                  "' (volta or warp-synchronous)",
              ExitStatus);
  J.Model = *M;
  J.AllowBaseRaces = VM.count("allow-base-races");
  return J;
}

void addGpuOption(po::options_description &Opts) {
  static const std::string Help =
      "the GPU the cpu target's warp-level model predicts kernel times for "
      "(--objective modeled): a built-in one (" +
      llvm::join(cpu::gpuNames(), ", ") + "; default " + cpu::DefaultGpu +
      ") or a description file, NAME.json, with the keys of "
      "harness/gpus/README.md";
  Opts.add_options()("gpu", po::value<std::string>()->value_name("NAME"),
                     Help.c_str());
}

std::string gpuOption(llvm::StringRef Tool, const po::variables_map &VM,
                      int ExitStatus) {
  std::string Name = VM.count("gpu") ? VM["gpu"].as<std::string>()
                                     : std::string(cpu::DefaultGpu);
  if (auto G = cpu::findGpu(Name); !G)
    toolError(Tool, "--gpu: " + llvm::toString(G.takeError()), ExitStatus);
  return Name;
}

void sayAllowedRaces(llvm::StringRef Tool,
                     const std::vector<std::string> &Allowed) {
  if (!Allowed.empty())
    llvm::errs() << Tool << ": the base's own races at "
                 << llvm::join(Allowed, ", ") << " are let through\n";
}

void addGpuTargetOptions(po::options_description &Opts) {
  Opts.add_options()(
      "gate", po::value<std::string>()->default_value("cpu"),
      "cuda/hip: cpu (each variant runs first on the cpu target, with "
      "--check's checks, and only one valid there is timed on the GPU) or "
      "none (unsafe: races and out-of-bounds accesses go unnoticed on a "
      "GPU)")(
      "devices", po::value<std::string>()->value_name("N,M"),
      "cuda/hip: the GPUs to time on, one worker each (default: every "
      "visible one; CUDA_VISIBLE_DEVICES and HIP_VISIBLE_DEVICES apply)");
}

void gpuTargetOptions(llvm::StringRef Tool, const po::variables_map &VM,
                      int ExitStatus, EvalOptions &O) {
  O.Gate = VM["gate"].as<std::string>();
  if (O.Gate != "cpu" && O.Gate != "none")
    toolError(Tool, "--gate must be cpu or none, not '" + O.Gate + "'",
              ExitStatus);
  if (!VM.count("devices"))
    return;
  llvm::SmallVector<llvm::StringRef> Parts;
  llvm::StringRef(VM["devices"].as<std::string>()).split(Parts, ',');
  for (llvm::StringRef P : Parts) {
    unsigned D = 0;
    if (P.trim().getAsInteger(10, D))
      toolError(Tool, "--devices: '" + P.trim().str() +
                          "' is not a device number (e.g. --devices 0,1)",
                ExitStatus);
    O.Devices.push_back(int(D));
  }
}

} // namespace gevo
