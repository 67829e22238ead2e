//===- CaseData.h - The data a driver case trains and tests on -----*- C++ -*-===//
//
// The params every ML driver shares: classes, train_per_class,
// test_per_class, seed and data_dir, and the subsets they select.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_BENCHMARKS_ML_CASEDATA_H
#define GEVO_BENCHMARKS_ML_CASEDATA_H

#include "FashionMnist.h"
#include "Params.h"

#include <stdexcept>

namespace gevo::ml {

struct CaseData {
  std::vector<int> Classes;
  size_t TrainPerClass = 0, TestPerClass = 0;
  uint64_t Seed = 1;
  std::string DataDir;

  /// Reads the shared params (\p PerClass: both per-class defaults).
  static CaseData read(Params &P, const std::string &TestsDir, size_t PerClass) {
    CaseData D;
    D.Classes = P.distinctInts("classes", {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, 0,
                               FashionMnistClasses - 1, 2);
    D.TrainPerClass = size_t(P.integer("train_per_class", PerClass, 1, 6000));
    D.TestPerClass = size_t(P.integer("test_per_class", PerClass, 1, 1000));
    D.Seed = uint64_t(P.integer("seed", 1, 0, INT64_MAX));
    D.DataDir = dataDir(P.string("data_dir", ""), TestsDir);
    return D;
  }
  Samples train() const { return subset(Split::Train, TrainPerClass); }
  Samples test() const { return subset(Split::Test, TestPerClass); }

private:
  /// Drivers report a failure by throwing (guardedRun makes it a Crash), so
  /// a dataset that cannot be read is thrown here with its one line.
  Samples subset(Split S, size_t PerClass) const {
    llvm::Expected<std::shared_ptr<const LabelledImages>> Data =
        loadFashionMnist(DataDir, S);
    if (!Data)
      throw std::runtime_error(llvm::toString(Data.takeError()));
    llvm::Expected<Samples> Sub = selectSubset(**Data, Classes, PerClass, Seed);
    if (!Sub)
      throw std::runtime_error(llvm::toString(Sub.takeError()));
    return std::move(*Sub);
  }
};

} // namespace gevo::ml

#endif
