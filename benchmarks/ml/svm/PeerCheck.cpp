//===- PeerCheck.cpp - The SMO solver against Debian's libsvm -------------===//
//
//   svm-peer-check SVM.ll [--classes 0,1,...] [--train-per-class N]
//                  [--test-per-class N] [--seed S] [--C C] [--gamma G]
//                  [--eps E] [--data-dir DIR] [--work-dir DIR]
//
// Trains the unmodified solver (kernel.cu on the cpu target, one-vs-one)
// and libsvm's svm-train (libsvm-tools) on the same Fashion-MNIST subset
// with the same C, gamma and eps, predicts the same test subset with both,
// and prints each one's test accuracy, the difference, how often the two
// agree, and the times. Exit 0 when the accuracies are within 0.5
// percentage points, 1 otherwise, 2 on bad input. A benchmark, not a test.
//
//===----------------------------------------------------------------------===//

#include "ToolSupport.h"

#include "../common/Classification.h"
#include "../common/FashionMnist.h"
#include "OneVsOne.h"

#include "gevo/harness/cpu/PlanDevice.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

using namespace llvm;
namespace po = boost::program_options;
namespace fs = std::filesystem;
using gevo::ml::Samples;

namespace {
constexpr const char *Tool = "svm-peer-check";
constexpr double MaxGapPoints = 0.5;

double secondsSince(std::chrono::steady_clock::time_point Start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
      .count();
}

std::vector<int> parseClasses(const std::string &List) {
  std::vector<int> Out;
  std::stringstream In(List);
  std::string Item;
  while (std::getline(In, Item, ',')) {
    char *End = nullptr;
    long V = std::strtol(Item.c_str(), &End, 10);
    if (Item.empty() || *End || V < 0 || V >= gevo::ml::FashionMnistClasses)
      gevo::toolError(Tool, "--classes: '" + Item + "' is not a class 0-9", 2);
    Out.push_back(int(V));
  }
  if (Out.size() < 2)
    gevo::toolError(Tool, "--classes: need at least two classes", 2);
  return Out;
}

/// libsvm's sparse text format: "label index:value ...", 1-based indices.
void writeLibsvm(const fs::path &Path, const Samples &S) {
  std::ofstream F(Path);
  for (size_t I = 0; I < S.size(); ++I) {
    F << S.Y[I];
    for (size_t K = 0; K < S.Dim; ++K)
      if (float V = S.row(I)[K]; V != 0)
        F << ' ' << K + 1 << ':' << std::setprecision(9) << V;
    F << '\n';
  }
  if (!F)
    gevo::toolError(Tool, "cannot write '" + Path.string() + "'");
}

void runCommand(const std::string &Command) {
  int Rc = std::system(Command.c_str());
  if (Rc != 0)
    gevo::toolError(Tool, "'" + Command + "' failed (status " +
                              std::to_string(Rc) + "); scripts/setup.sh "
                              "installs libsvm-tools");
}

std::vector<int> readLabels(const fs::path &Path, size_t Count) {
  std::ifstream F(Path);
  std::vector<int> Out;
  int V;
  while (F >> V)
    Out.push_back(V);
  if (Out.size() != Count)
    gevo::toolError(Tool, Path.string() + ": " + std::to_string(Out.size()) +
                              " predictions, expected " + std::to_string(Count));
  return Out;
}

std::string quoted(const fs::path &P) { return "'" + P.string() + "'"; }

/// A subset of split S of the dataset in Dir; unreadable data exits 2.
Samples readSubset(const std::string &Dir, gevo::ml::Split S,
                   const std::vector<int> &Classes, size_t PerClass, uint64_t Seed) {
  auto Data = gevo::ml::loadFashionMnist(Dir, S);
  if (!Data)
    gevo::toolError(Tool, toString(Data.takeError()), 2);
  llvm::Expected<Samples> Sub = gevo::ml::selectSubset(**Data, Classes, PerClass, Seed);
  if (!Sub)
    gevo::toolError(Tool, toString(Sub.takeError()), 2);
  return std::move(*Sub);
}
} // namespace

int main(int argc, char **argv) {
  po::options_description Opts("svm-peer-check SVM.ll [options]\n\nOptions");
  std::string Kernel, ClassList = "0,1,2,3,4,5,6,7,8,9", DataDir, WorkDir;
  size_t TrainPer = 200, TestPer = 100;
  uint64_t Seed = 1;
  gevo::ml::SvmParams P;
  Opts.add_options()("help,h", "show this help")(
      "classes", po::value(&ClassList), "comma-separated classes")(
      "train-per-class", po::value(&TrainPer), "training images per class")(
      "test-per-class", po::value(&TestPer), "test images per class")(
      "seed", po::value(&Seed), "subset seed")(
      "C", po::value(&P.C), "box constraint")(
      "gamma", po::value(&P.Gamma), "RBF gamma")(
      "eps", po::value(&P.Eps), "stopping tolerance (both solvers)")(
      "data-dir", po::value(&DataDir), "Fashion-MNIST directory")(
      "work-dir", po::value(&WorkDir), "where to write libsvm's files")(
      "kernel", po::value(&Kernel), "the SVM kernels: NVPTX IR (.ll/.bc)");
  po::variables_map VM;
  gevo::parseCommandLineOrHelp(Tool, argc, argv, Opts, "kernel", VM, 2);
  if (Kernel.empty())
    gevo::toolError(Tool, "need SVM.ll (see --help)", 2);
  std::vector<int> Classes = parseClasses(ClassList);

  std::string Dir = gevo::ml::dataDir(DataDir, ".");
  Samples Train = readSubset(Dir, gevo::ml::Split::Train, Classes, TrainPer, Seed);
  Samples Test = readSubset(Dir, gevo::ml::Split::Test, Classes, TestPer, Seed);

  LLVMContext Ctx;
  std::unique_ptr<Module> M = gevo::loadModule(Tool, Kernel, Ctx);
  auto Dev = gevo::cpu::CpuPlanDevice::create(*M);
  if (!Dev)
    gevo::toolError(Tool, Kernel + ": " + toString(Dev.takeError()));
  std::vector<int> Ours;
  auto Start = std::chrono::steady_clock::now();
  double TrainSeconds = 0;
  try {
    gevo::ml::Device D(**Dev);
    gevo::ml::OneVsOneModel Model =
        gevo::ml::trainOneVsOne(D, Train, Classes, P);
    TrainSeconds = secondsSince(Start);
    Ours = gevo::ml::predictOneVsOne(D, Model, Train, Test, P.Gamma);
  } catch (const gevo::ml::LaunchFailed &F) {
    gevo::toolError(Tool, "the unmodified solver failed: " + F.Outcome.Message);
  }
  double OursSeconds = secondsSince(Start);

  fs::path Work = WorkDir.empty() ? fs::temp_directory_path() / "svm-peer-check"
                                  : fs::path(WorkDir);
  fs::create_directories(Work);
  writeLibsvm(Work / "train.txt", Train);
  writeLibsvm(Work / "test.txt", Test);
  std::ostringstream TrainCmd;
  TrainCmd << "svm-train -q -s 0 -t 2 -c " << P.C << " -g " << P.Gamma
           << " -e " << P.Eps << " -m 512 " << quoted(Work / "train.txt") << ' '
           << quoted(Work / "model.txt");
  Start = std::chrono::steady_clock::now();
  runCommand(TrainCmd.str());
  double LibsvmTrainSeconds = secondsSince(Start);
  runCommand("svm-predict -q " + quoted(Work / "test.txt") + ' ' +
             quoted(Work / "model.txt") + ' ' + quoted(Work / "pred.txt"));
  double LibsvmSeconds = secondsSince(Start);
  std::vector<int> Theirs = readLabels(Work / "pred.txt", Test.size());

  double AccOurs = 100 * (1 - gevo::ml::errorRate(Ours, Test.Y));
  double AccTheirs = 100 * (1 - gevo::ml::errorRate(Theirs, Test.Y));
  double Agree = 100 * (1 - gevo::ml::errorRate(Ours, Theirs));
  double Gap = AccOurs - AccTheirs;
  std::printf("data: %zu classes, %zu train, %zu test (seed %llu); C %g, "
              "gamma %g, eps %g\n",
              Classes.size(), Train.size(), Test.size(),
              (unsigned long long)Seed, P.C, P.Gamma, P.Eps);
  std::printf("gevo SMO (cpu target): test accuracy %.2f%%  train %.2f s, "
              "train+predict %.2f s\n",
              AccOurs, TrainSeconds, OursSeconds);
  std::printf("libsvm svm-train:      test accuracy %.2f%%  train %.2f s, "
              "train+predict %.2f s\n",
              AccTheirs, LibsvmTrainSeconds, LibsvmSeconds);
  std::printf("difference %+.2f points (limit %.1f); predictions agree on "
              "%.2f%%\n",
              Gap, MaxGapPoints, Agree);
  return std::fabs(Gap) <= MaxGapPoints ? 0 : 1;
}
