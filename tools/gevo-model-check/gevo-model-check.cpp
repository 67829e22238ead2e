//===- gevo-model-check.cpp - How far to trust the model on your kernel ---===//
//
// Compares the cpu target's predicted kernel times (the warp-level model,
// --objective modeled) with times measured on a GPU, on the configurations
// of a Kernel Tuner cache file: the rank correlation, and how good the
// configuration the model ranks best really is.
//
//===----------------------------------------------------------------------===//

#include "JudgeOptions.h"
#include "ModelCheck.h"
#include "ToolSupport.h"

#include "gevo/evolve/Charts.h"
#include "gevo/support/Stats.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <boost/program_options.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <iostream>
#include <thread>
#include <unistd.h>

using namespace llvm;
using namespace gevo::modelcheck;
namespace po = boost::program_options;

namespace {

constexpr const char *Tool = "gevo-model-check";

[[noreturn]] void usage(const Twine &Msg) { gevo::toolError(Tool, Msg, 2); }

const char *Overview =
    "gevo-model-check: how well the cpu target's performance model ranks\n"
    "your kernel's configurations, against times measured on a GPU.\n\n"
    "Usage: gevo-model-check KERNEL.cu --tests DIR --cache KT_CACHE.json[.gz]\n"
    "         [--gpu NAME] [--sample N] [-D NAME=VALUE ...] [--json]\n\n"
    "Each sampled configuration of the Kernel Tuner cache file is compiled\n"
    "with its values as -D defines (and the -D overrides, e.g. a smaller\n"
    "problem), a case of the tests dir runs on the cpu target with the\n"
    "values as spec parameters (grids such as \"cdiv(4096, block_size_x *\n"
    "tile_size_x)\"), and only the blocks the model traces run. Printed: the\n"
    "Spearman rank correlation between predicted and measured times, and the\n"
    "optimum of the sample over the measured time of the configuration the\n"
    "model ranks best, for the warp-level model and the instruction count.\n\n"
    "Exit status: 0 done, 1 no configuration ran, 2 bad input.\n\nOptions";

struct Args {
  std::string Kernel, Tests, Cache, Reference, Json, Plot, Case;
  std::vector<std::string> Defines;
  unsigned Sample = 120, Jobs = 1, TracedBlocks = 4;
  uint64_t Seed = 1;
};

/// The measured times of \p Configs in \p Other (a second cache file of the
/// same kernel), where it has them.
std::vector<std::optional<double>>
referenceTimes(const std::vector<Predicted> &Runs, const CacheFile &Other) {
  std::map<std::string, double> ByKey;
  for (const Measured &M : Other.Configs)
    ByKey[M.Key] = M.Ms;
  std::vector<std::optional<double>> Out;
  for (const Predicted &P : Runs) {
    auto It = ByKey.find(P.Config.Key);
    Out.push_back(It == ByKey.end() ? std::nullopt
                                    : std::optional(It->second));
  }
  return Out;
}

std::string describe(const Measured &M) {
  std::string S;
  for (auto &[Name, V] : M.Values)
    S += (S.empty() ? "" : " ") + Name + "=" + numberText(V);
  return S;
}

/// A page with the scatter of predicted against measured times (log
/// scales), the model's pick marked; hover: each configuration.
std::string plotPage(const std::string &Title,
                     const std::vector<const Predicted *> &Ran,
                     const std::vector<double> &Model,
                     const std::vector<double> &Time, size_t Pick) {
  using gevo::charts::Chart;
  gevo::charts::Style Points{"#1f77b4", false, false, 4};
  for (size_t I = 0; I < Ran.size(); ++I) {
    char Times[80];
    std::snprintf(Times, sizeof(Times), "\npredicted %.4g ms\nmeasured %.4g ms",
                  Model[I], Time[I]);
    Points.Tips.push_back(describe(Ran[I]->Config) + Times);
  }
  Chart C(Chart::Kind::XY, Title, "predicted ms (log scale)",
          "measured ms (log scale)");
  C.series("configurations", Model, Time, Points)
      .series("model's pick", {Model[Pick]}, {Time[Pick]},
              {"#d62728", false, false, 9, "star", {Points.Tips[Pick]}})
      .logAxes();
  return gevo::charts::pageStart(Title) + "<h1>" +
         gevo::charts::escapeHtml(Title) + "</h1>\n" + C.html() +
         gevo::charts::pageEnd();
}

void progress(size_t Done, size_t Total) {
  if (!isatty(STDERR_FILENO))
    return;
  std::fprintf(stderr, "\r\033[K%s: %zu/%zu configurations", Tool, Done,
               Total);
  if (Done == Total)
    std::fprintf(stderr, "\n");
  std::fflush(stderr);
}

} // namespace

int main(int argc, char **argv) {
  Args A;
  unsigned HW = std::max(1u, std::thread::hardware_concurrency());
  po::options_description Opts(Overview);
  Opts.add_options()("help,h", "show this help")(
      "tests", po::value(&A.Tests)->value_name("DIR"),
      "tests dir whose launch plan runs the kernel (its expressions may use "
      "the cache's tunable parameters)")(
      "cache", po::value(&A.Cache)->value_name("FILE"),
      "Kernel Tuner cache file with the measured times (.json or .json.gz)")(
      "sample", po::value(&A.Sample)->default_value(120),
      "configurations to run, drawn from those with a time")(
      "seed", po::value(&A.Seed)->default_value(1), "seed of the sample")(
      "define,D", po::value(&A.Defines)->value_name("NAME=VALUE"),
      "a define for every configuration (and a spec parameter when VALUE is "
      "a number), e.g. a smaller problem size; repeatable")(
      "case", po::value(&A.Case),
      "the tests dir's case to run (default: "
      "the first)")("traced-blocks",
                    po::value(&A.TracedBlocks)->default_value(4),
                    "blocks of each launch the model runs and traces")(
      "reference", po::value(&A.Reference)->value_name("FILE"),
      "another cache file of the same kernel (another GPU): its times' rank "
      "correlation with --cache's, about the most any model can reach")(
      "jobs,j", po::value(&A.Jobs)->default_value(HW),
      "configurations compiled and run at once")(
      "json", po::value(&A.Json)->value_name("FILE"),
      "write every configuration's times and the figures as JSON (- for "
      "stdout)")(
      "plot", po::value(&A.Plot)->value_name("FILE.html"),
      "write a page with a scatter plot of predicted vs measured times (log "
      "scales, Chart.js)")(
      "ptxas",
      "count registers with the CUDA toolkit's ptxas -v on gevo's "
      "PTX of each configuration instead of estimating them from the IR "
      "(gevo's PTX is not nvcc's: on the convolution development data the "
      "estimate ranked better)")("kernel", po::value(&A.Kernel),
                                 "the kernel, CUDA (.cu)");
  gevo::addGpuOption(Opts);
  po::variables_map VM;
  gevo::parseCommandLineOrHelp(Tool, argc, argv, Opts, "kernel", VM, 2);
  if (A.Kernel.empty() || A.Tests.empty() || A.Cache.empty())
    usage("need KERNEL.cu, --tests DIR and --cache FILE (see --help)");
  if (A.Sample == 0 || A.Jobs == 0 || A.TracedBlocks == 0)
    usage("--sample, --jobs and --traced-blocks must be at least 1");
  for (const std::string &D : A.Defines)
    if (!StringRef(D).contains('=') || D.front() == '=')
      usage("-D " + D + ": expected NAME=VALUE");
  auto Cache = readCache(A.Cache);
  if (!Cache)
    usage(toString(Cache.takeError()));
  std::optional<CacheFile> Other;
  if (!A.Reference.empty()) {
    auto R = readCache(A.Reference);
    if (!R)
      usage(toString(R.takeError()));
    Other = std::move(*R);
  }
  std::string GpuName = VM.count("gpu") ? VM["gpu"].as<std::string>()
                                        : gevo::cpu::gpuForDevice(Cache->Device);
  if (GpuName.empty())
    usage("--gpu: the cache's device '" + Cache->Device +
          "' is none of the built-in GPUs (" +
          join(gevo::cpu::gpuNames(), ", ") +
          "): name one, or give a description file NAME.json");
  auto Gpu = gevo::cpu::findGpu(GpuName);
  if (!Gpu)
    usage("--gpu: " + toString(Gpu.takeError()));
  auto S = gevo::loadSpec(A.Tests);
  if (!S)
    usage(toString(S.takeError()));

  CheckOptions O;
  O.GevoCc = gevo::besideExecutable(argv[0], "gevo-cc");
  O.Kernel = A.Kernel;
  O.Defines = A.Defines;
  O.Gpu = *Gpu;
  O.TracedBlocks = A.TracedBlocks;
  O.Case = A.Case;
  O.Jobs = A.Jobs;
  if (VM.count("ptxas")) {
    if (Gpu->Vendor != "nvidia")
      usage("--ptxas: " + Gpu->Name + " is not an NVIDIA GPU");
    O.Ptxas = gevo::findCudaToolkit();
    if (!O.Ptxas)
      usage("--ptxas: no CUDA toolkit found (set CUDA_PATH)");
  }
  std::vector<Measured> Chosen = sample(Cache->Configs, A.Sample, A.Seed);
  std::vector<Predicted> Runs = predictAll(
      *S, Chosen, O, [&](size_t Done) { progress(Done, Chosen.size()); });

  std::vector<double> Model, Count, Time;
  std::vector<const Predicted *> Ran;
  for (const Predicted &P : Runs)
    if (P.Ok) {
      Ran.push_back(&P);
      Model.push_back(P.ModeledMs);
      Count.push_back(P.Count);
      Time.push_back(P.Config.Ms);
    }
  std::printf("kernel %s, %s (%s), gpu %s\n", A.Kernel.c_str(),
              sys::path::filename(A.Cache).str().c_str(),
              Cache->Device.c_str(), Gpu->Name.c_str());
  std::printf("%zu of %zu configurations with a time sampled (seed %llu); "
              "%zu ran; registers: %s\n",
              Chosen.size(), Cache->Configs.size(),
              (unsigned long long)A.Seed, Ran.size(),
              O.Ptxas ? ("ptxas -v, " + Gpu->Arch).c_str()
                      : "estimated from the IR");
  for (const Predicted &P : Runs)
    if (!P.Ok)
      std::printf("  %s: %s\n", describe(P.Config).c_str(),
                  P.Message.c_str());
  if (Ran.empty())
    gevo::toolError(Tool, "no configuration ran", 1);
  Agreement M = agreement(Model, Time), C = agreement(Count, Time);
  std::printf("\n%-36s %9s %22s\n", "", "spearman", "top pick (of optimum)");
  std::printf("%-36s %9.3f %22.3f\n", "warp-level model (--objective modeled)",
              M.Spearman, M.TopPick);
  std::printf("%-36s %9.3f %22.3f\n", "instruction count (--objective count)",
              C.Spearman, C.TopPick);
  nlohmann::json Figures = {
      {"modeled", {{"spearman", M.Spearman}, {"top_pick", M.TopPick}}},
      {"count", {{"spearman", C.Spearman}, {"top_pick", C.TopPick}}}};
  if (Other) {
    std::vector<std::optional<double>> Ref = referenceTimes(Runs, *Other);
    std::vector<double> X, Y;
    for (size_t I = 0; I < Runs.size(); ++I)
      if (Runs[I].Ok && Ref[I]) {
        X.push_back(*Ref[I]);
        Y.push_back(Runs[I].Config.Ms);
      }
    Agreement R = agreement(X, Y);
    std::printf("%-36s %9.3f %22.3f   (%zu configurations)\n",
                ("times measured on " + Other->Device).c_str(), R.Spearman,
                R.TopPick, X.size());
    Figures["reference"] = {{"device", Other->Device},
                            {"spearman", R.Spearman},
                            {"top_pick", R.TopPick},
                            {"configurations", X.size()}};
  }
  std::printf("\nthe model's pick: %s, measured %.4g ms (optimum of the "
              "sample %.4g ms)\n",
              describe(Ran[M.Pick]->Config).c_str(), Ran[M.Pick]->Config.Ms,
              *std::min_element(Time.begin(), Time.end()));
  double Seconds = 0;
  for (const Predicted &P : Runs)
    Seconds += P.CompileSeconds + P.RunSeconds;
  std::printf("%.1f s of compiling and running (%.2f s a configuration)\n",
              Seconds, Seconds / Runs.size());

  if (!A.Json.empty()) {
    nlohmann::json Configs = nlohmann::json::array();
    for (const Predicted &P : Runs) {
      nlohmann::json J = {{"key", P.Config.Key},
                          {"params", P.Config.Values},
                          {"measured_ms", P.Config.Ms},
                          {"ok", P.Ok},
                          {"registers", P.Registers}};
      if (P.Ok)
        J.update({{"modeled_ms", P.ModeledMs},
                  {"count", P.Count},
                  {"model_note", P.Note}});
      else
        J["message"] = P.Message;
      Configs.push_back(std::move(J));
    }
    nlohmann::json Out = {{"kernel", A.Kernel},
                          {"cache", A.Cache},
                          {"device", Cache->Device},
                          {"gpu", Gpu->Name},
                          {"sample", Chosen.size()},
                          {"seed", A.Seed},
                          {"ran", Ran.size()},
                          {"figures", Figures},
                          {"configs", Configs}};
    gevo::writeTextFile(Tool, A.Json, Out.dump(2) + "\n");
  }
  if (!A.Plot.empty())
    gevo::writeTextFile(Tool, A.Plot,
                        plotPage(formatv("{0} on {1}: Spearman {2:F3}",
                                         Cache->Kernel, Gpu->Name, M.Spearman),
                                 Ran, Model, Time, M.Pick));
  return 0;
}
