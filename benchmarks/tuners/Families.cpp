//===- Families.cpp - Every strategy on every family of spaces -----------===//
//
// The development protocol of issue 23: each variant x each file of each
// family x seeds 0..Seeds-1, Trials trials per run. Per file the median
// fraction of the optimum at Trials and the share of runs within 3%; per
// family the mean of the per-file medians and the share of all its runs
// within 3%. With --lofo, for each family F the variant with the best
// score on the other families (mean median + share within 3%, averaged
// over them) is chosen, and its figures on F are what is reported: no
// setting is ever chosen on the family it is reported on.
//
// Runs are independent (each has its own seed and problem state), spread
// over Jobs threads by file; results are placed by index, so the output
// does not depend on Jobs.
//
//===----------------------------------------------------------------------===//

#include "Families.h"
#include "Synthetic.h"

#include "gevo/evolve/tune/Compare.h"
#include "gevo/evolve/tune/Replay.h"
#include "gevo/support/Stats.h"

#include "llvm/ADT/StringRef.h"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace fs = std::filesystem;
using namespace gevo::evolve;
using namespace gevo::evolve::tune;

namespace gevo::bench {

namespace {
llvm::Error benchError(const llvm::Twine &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}
} // namespace

llvm::Expected<Variant> parseVariant(const std::string &Text) {
  Variant V{Text, Text.substr(0, Text.find(':')), {}};
  if (Text.find(':') == std::string::npos)
    return V;
  std::stringstream SS(Text.substr(Text.find(':') + 1));
  V.Label = V.Strategy;
  for (std::string Item; std::getline(SS, Item, ',');) {
    auto Eq = Item.find('=');
    double Value;
    if (Eq == std::string::npos ||
        llvm::StringRef(Item).substr(Eq + 1).getAsDouble(Value))
      return benchError("--with: '" + Item + "' is not OPTION=VALUE");
    V.Opts[Item.substr(0, Eq)] = Value;
    V.Label += " " + Item;
  }
  return V;
}

namespace {

struct File {
  std::string Family, Name, Path; // Path empty: synthetic (Json)
  nlohmann::ordered_json Json;
};

struct Cell {
  double Median = NAN; // per file: median fraction; per family: mean of medians
  double Within = 0;   // share of runs within 3%
};

llvm::Expected<std::vector<File>> collect(const FamilyOptions &O) {
  std::vector<File> Files;
  for (const std::string &D : O.Dirs) {
    std::string Family = fs::path(D).lexically_normal().filename().string();
    if (Family.empty())
      Family = fs::path(D).lexically_normal().parent_path().filename().string();
    if (Family.rfind("kernel-tuner-", 0) == 0)
      Family = Family.substr(13);
    std::vector<std::string> Paths;
    std::error_code EC;
    for (const auto &E : fs::directory_iterator(D, EC))
      if (E.path().string().size() > 8 &&
          E.path().string().compare(E.path().string().size() - 8, 8, ".json.gz") == 0)
        Paths.push_back(E.path().string());
    if (EC || Paths.empty())
      return benchError(D + ": no *.json.gz files");
    std::sort(Paths.begin(), Paths.end());
    for (const std::string &P : Paths)
      Files.push_back({Family, fs::path(P).filename().string(), P, {}});
  }
  if (O.Synthetic)
    for (SyntheticSpace &S : syntheticFamily(O.Synthetic))
      Files.push_back({"synthetic", S.Name, "", std::move(S.Cache)});
  return Files;
}

} // namespace

int families(const FamilyOptions &O, const std::vector<Variant> &Rows) {
  llvm::Expected<std::vector<File>> Collected = collect(O);
  if (!Collected) {
    std::cerr << "gevo-tuner-bench: error: " << llvm::toString(Collected.takeError())
              << "\n";
    return 1;
  }
  std::vector<File> Files = std::move(*Collected);
  ReplayOptions RO;
  RO.Restrict = !O.Unrestricted;
  // Fraction of the optimum at Trials, per file x variant x seed.
  size_t NV = Rows.size(), NS = O.Seeds;
  std::vector<double> Frac(Files.size() * NV * NS, NAN), Secs(Files.size() * NV, 0);
  std::vector<uint64_t> Trials(Files.size() * NV, 0);
  std::vector<std::string> Errors(Files.size());
  tbb::task_arena Arena(int(std::max(1u, O.Jobs)));
  Arena.execute([&] {
    tbb::parallel_for(size_t(0), Files.size(), [&](size_t F) {
      llvm::Expected<std::unique_ptr<ReplayProblem>> Loaded =
          Files[F].Path.empty() ? ReplayProblem::fromJson(Files[F].Json, Files[F].Name, RO)
                                : ReplayProblem::load(Files[F].Path, RO);
      if (!Loaded) {
        Errors[F] = llvm::toString(Loaded.takeError());
        return;
      }
      std::unique_ptr<ReplayProblem> P = std::move(*Loaded);
      for (size_t V = 0; V < NV; ++V)
        for (uint64_t Seed = 0; Seed < NS; ++Seed) {
          RunOptions R;
          R.Strategy = Rows[V].Strategy;
          R.Opts = Rows[V].Opts;
          R.Seed = Seed;
          R.Limit.Evaluations = O.Trials;
          RunResult Res = llvm::cantFail(runTuner(*P, R)); // variants checked when parsed
          Frac[(F * NV + V) * NS + Seed] = fractionOfOptimum(
              Res.BestValue, *P->optimum(), P->objective().HigherIsBetter);
          Secs[F * NV + V] += Res.TunerSeconds;
          Trials[F * NV + V] += Res.Trials;
        }
    });
  });
  for (const std::string &E : Errors)
    if (!E.empty()) {
      std::cerr << "gevo-tuner-bench: error: " << E << "\n";
      return 1;
    }
  std::vector<std::string> Fams;
  for (const File &F : Files)
    if (std::find(Fams.begin(), Fams.end(), F.Family) == Fams.end())
      Fams.push_back(F.Family);
  const double Within = 0.97 - 1e-12;
  auto FileCell = [&](size_t F, size_t V) {
    std::vector<double> X(Frac.begin() + (F * NV + V) * NS,
                          Frac.begin() + (F * NV + V + 1) * NS);
    Cell C{median(X), 0};
    for (double Y : X)
      C.Within += (Y >= Within) / double(NS);
    return C;
  };
  auto FamilyCell = [&](const std::string &Fam, size_t V) {
    Cell C{0, 0};
    size_t N = 0;
    for (size_t F = 0; F < Files.size(); ++F)
      if (Files[F].Family == Fam) {
        Cell FC = FileCell(F, V);
        C.Median += FC.Median, C.Within += FC.Within, ++N;
      }
    C.Median /= N, C.Within /= N; // equal runs per file: the share of all runs
    return C;
  };
  auto Show = [](const Cell &C) {
    char Buf[64];
    std::snprintf(Buf, sizeof(Buf), "%.3f, %.0f%%", C.Median, 100 * C.Within);
    return std::string(Buf);
  };
  std::printf("%s space, seeds 0-%llu, %llu trials; cells: mean over the family's files "
              "of the median fraction of the optimum, %% of runs within 3%%\n\n| strategy |",
              O.Unrestricted ? "Unrestricted" : "Restricted",
              (unsigned long long)(NS - 1), (unsigned long long)O.Trials);
  for (const std::string &Fam : Fams)
    std::printf(" %s |", Fam.c_str());
  std::printf(" tuner ms/trial |\n|---|");
  for (size_t I = 0; I <= Fams.size(); ++I)
    std::printf("---|");
  std::printf("\n");
  for (size_t V = 0; V < NV; ++V) {
    double S = 0;
    uint64_t T = 0;
    for (size_t F = 0; F < Files.size(); ++F)
      S += Secs[F * NV + V], T += Trials[F * NV + V];
    std::printf("| %s |", Rows[V].Label.c_str());
    for (const std::string &Fam : Fams)
      std::printf(" %s |", Show(FamilyCell(Fam, V)).c_str());
    std::printf(" %.4f |\n", T ? S * 1e3 / T : 0.0);
  }
  if (O.PerFile) {
    std::printf("\nPer file (median fraction, %% within 3%%):\n\n| strategy | file | cell |\n|---|---|---|\n");
    for (size_t V = 0; V < NV; ++V)
      for (size_t F = 0; F < Files.size(); ++F)
        std::printf("| %s | %s/%s | %s |\n", Rows[V].Label.c_str(), Files[F].Family.c_str(),
                    Files[F].Name.c_str(), Show(FileCell(F, V)).c_str());
  }
  if (O.Lofo) {
    std::printf("\nLeave one family out: the variant chosen on the other families "
                "(score: mean median + share within 3%%, averaged), reported on the "
                "one left out\n\n| left out | chosen | on the left-out family |\n|---|---|---|\n");
    for (const std::string &Out : Fams) {
      if (Out == "synthetic")
        continue; // always a training family
      size_t Best = 0;
      double BestScore = -1;
      for (size_t V = 0; V < NV; ++V) {
        double Score = 0;
        for (const std::string &Fam : Fams)
          if (Fam != Out) {
            Cell C = FamilyCell(Fam, V);
            Score += (C.Median + C.Within) / double(Fams.size() - 1);
          }
        if (Score > BestScore + 1e-12)
          BestScore = Score, Best = V;
      }
      std::printf("| %s | %s | %s |\n", Out.c_str(), Rows[Best].Label.c_str(),
                  Show(FamilyCell(Out, Best)).c_str());
    }
  }
  if (!O.RunsCsv.empty()) {
    std::ofstream CSV(O.RunsCsv);
    CSV << "mode,family,file,strategy,seed,frac\n";
    for (size_t F = 0; F < Files.size(); ++F)
      for (size_t V = 0; V < NV; ++V)
        for (uint64_t S = 0; S < NS; ++S)
          CSV << (O.Unrestricted ? "unrestricted" : "restricted") << "," << Files[F].Family
              << "," << Files[F].Name << "," << Rows[V].Label << "," << S << ","
              << Frac[(F * NV + V) * NS + S] << "\n";
    if (!CSV) {
      std::cerr << "gevo-tuner-bench: error: cannot write '" << O.RunsCsv << "'\n";
      return 1;
    }
  }
  return 0;
}

} // namespace gevo::bench
