//===- driver.cpp - SVM (SMO, RBF, one-vs-one) on Fashion-MNIST -----------===//
//
// A case trains on a class-balanced Fashion-MNIST training subset and
// reports, as its Error, the stratified k-fold cross-validation error on that
// subset; a held-out case trains on the whole subset and reports the error on
// a test-split subset. Parameters (all optional): classes, train_per_class,
// test_per_class, seed, C, gamma, eps, working_set, max_outer, max_inner,
// folds, cache_mb, data_dir. See benchmarks/ml/README.md.
//
//===----------------------------------------------------------------------===//

#include "../../common/Classification.h"
#include "../../common/CaseData.h"
#include "../OneVsOne.h"

namespace gevo::ml {
namespace {

struct SvmCase {
  CaseData Data;
  unsigned Folds;
  SvmParams Svm;
};

SvmCase parseCase(const DriverCase &C) {
  Params P(C.Params, C.Name + ": ");
  SvmCase S;
  S.Data = CaseData::read(P, C.TestsDir, 50);
  S.Folds = unsigned(P.integer("folds", 2, 2, 10));
  S.Svm.C = float(P.positive("C", S.Svm.C));
  S.Svm.Gamma = float(P.positive("gamma", S.Svm.Gamma));
  S.Svm.Eps = float(P.positive("eps", S.Svm.Eps));
  S.Svm.WorkingSet = unsigned(P.integer("working_set", S.Svm.WorkingSet, 2, 1024));
  S.Svm.MaxOuter = unsigned(P.integer("max_outer", S.Svm.MaxOuter, 1, 1000000));
  S.Svm.MaxInner = int(P.integer("max_inner", S.Svm.MaxInner, 1, 100000000));
  S.Svm.CacheBytes = size_t(P.integer("cache_mb", 256, 0, 65536)) << 20;
  P.rejectUnknown();
  if (S.Data.TrainPerClass < S.Folds)
    throw ParamError(C.Name + ": params.train_per_class: fewer than folds");
  return S;
}

struct SvmDriver : Driver {
  DriverOutcome run(PlanDevice &D, const DriverCase &C) override {
    return guardedRun([&] {
      SvmCase S = parseCase(C);
      Device Dev(D);
      const std::vector<int> &Classes = S.Data.Classes;
      Samples Train = S.Data.train();
      if (!C.HeldOut)
        return classificationOutcome(
            crossValidate(Dev, Train, Classes, S.Svm, S.Folds), Train.Y);
      Samples Test = S.Data.test();
      OneVsOneModel Model = trainOneVsOne(Dev, Train, Classes, S.Svm);
      return classificationOutcome(
          predictOneVsOne(Dev, Model, Train, Test, S.Svm.Gamma), Test.Y);
    });
  }
};

} // namespace
} // namespace gevo::ml

GEVO_DRIVER(gevo::ml::SvmDriver)
