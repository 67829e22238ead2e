//===- SvmTest.cpp - The SMO SVM solver and its driver on the cpu target --===//

#include "MlTest.h"

#include "svm/OneVsOne.h"

#include <cmath>

using namespace gevo;
using namespace gevo::ml;

namespace {

class Svm : public test::AppTest {
protected:
  Svm() : AppTest("svm") {}

  /// A two-class problem: classes 0 (+1) and 6 (-1), 40 images each.
  void makeProblem() {
    Data = subset(Split::Train, {0, 6}, 40, 5);
    for (int Label : Data.Y)
      Y.push_back(Label == 0 ? 1.0f : -1.0f);
  }

  /// The dual objective 1/2 a'Qa - e'a of a model (Coef = alpha * y),
  /// with the kernel computed on the host in double.
  double dualObjective(const BinaryModel &M, float Gamma) const {
    double Obj = 0;
    for (size_t I = 0; I < Data.size(); ++I) {
      Obj -= M.Coef[I] * Y[I];
      for (size_t J = 0; J < Data.size(); ++J) {
        double D2 = 0;
        for (size_t K = 0; K < Data.Dim; ++K) {
          double Diff = double(Data.row(I)[K]) - Data.row(J)[K];
          D2 += Diff * Diff;
        }
        Obj += 0.5 * M.Coef[I] * M.Coef[J] * std::exp(-Gamma * D2);
      }
    }
    return Obj;
  }

  BinaryModel train(const SvmParams &P) {
    Device D(*Dev);
    return trainBinary(D, uploadSamples(D, Data.X, Data.size(), Data.Dim), Y, P);
  }

  Samples Data;
  std::vector<float> Y;
};

TEST(SvmHost, WorkingSetTakesTheMostViolatingAlternately) {
  // y, alpha (C = 1) and f of six samples: up = {0, 2, 3, 5}, low = {1, 2, 4, 5}.
  std::vector<float> Y{1, -1, 1, 1, -1, -1}, A{0, 0, 0.5f, 0, 0.5f, 0.5f};
  std::vector<float> F{-1, 1, 0.2f, -3, 0.4f, NAN};
  float Gap = 0;
  std::vector<int> Ws = selectWorkingSet(F, A, Y, 1.0f, 4, Gap);
  EXPECT_FLOAT_EQ(Gap, 1 - (-3));
  EXPECT_EQ(Ws, (std::vector<int>{3, 1, 0, 4})) << "NaN f (5) is never taken";
  EXPECT_EQ(selectWorkingSet(F, A, Y, 1.0f, 6, Gap).size(), 5u);
}

TEST_F(Svm, BinaryTrainingConvergesAndLowersTheObjective) {
  makeProblem();
  SvmParams P;
  P.WorkingSet = 16;
  BinaryModel M = train(P);
  EXPECT_LT(M.Gap, P.Eps);
  EXPECT_GT(M.WorkingSets, 1u);
  EXPECT_LT(M.WorkingSets, P.MaxOuter);
  double SumAy = 0;
  size_t Support = 0;
  for (size_t I = 0; I < Y.size(); ++I) {
    float Alpha = M.Coef[I] * Y[I];
    EXPECT_GE(Alpha, 0.0f);
    EXPECT_LE(Alpha, P.C);
    SumAy += M.Coef[I];
    Support += Alpha > 0;
  }
  EXPECT_NEAR(SumAy, 0, 1e-3);
  EXPECT_GT(Support, 5u);

  SvmParams One = P;
  One.MaxOuter = 1;
  BinaryModel First = train(One);
  EXPECT_EQ(First.WorkingSets, 1u);
  double ObjFirst = dualObjective(First, P.Gamma);
  double ObjFinal = dualObjective(M, P.Gamma);
  EXPECT_LT(ObjFirst, 0) << "one working set already improves on alpha = 0";
  EXPECT_LT(ObjFinal, ObjFirst - 0.1 * std::fabs(ObjFirst));
}

TEST_F(Svm, KernelCacheDoesNotChangeTheModel) {
  makeProblem();
  SvmParams P;
  P.WorkingSet = 16;
  BinaryModel Cached = train(P);
  P.CacheBytes = 0;
  BinaryModel Rows = train(P);
  EXPECT_EQ(Cached.WorkingSets, Rows.WorkingSets);
  EXPECT_EQ(Cached.Coef, Rows.Coef);
  EXPECT_EQ(Cached.Rho, Rows.Rho);
}

TEST_F(Svm, DriverCrossValidatesFarBetterThanChance) {
  nlohmann::json Params = {{"classes", {0, 1, 7}}, {"train_per_class", 30}};
  DriverOutcome Out = runDriver(Params, false);
  ASSERT_EQ(Out.S, Status::Ok) << Out.Message;
  ASSERT_TRUE(Out.Error);
  EXPECT_LT(*Out.Error, 0.2) << "chance is 0.67";
  ASSERT_EQ(Out.Outputs.size(), 1u);
  EXPECT_EQ(Out.Outputs[0].first, ElemType::I32);
  EXPECT_EQ(Out.Outputs[0].second.size(), 90 * sizeof(int32_t));

  DriverOutcome Again = runDriver(Params, false);
  EXPECT_EQ(Again.Error, Out.Error);
  EXPECT_EQ(Again.Outputs, Out.Outputs);
}

TEST_F(Svm, HeldOutDriverReportsTestError) {
  DriverOutcome Out = runDriver(
      {{"classes", {0, 1, 7}}, {"train_per_class", 30}, {"test_per_class", 40}},
      true);
  ASSERT_EQ(Out.S, Status::Ok) << Out.Message;
  EXPECT_LT(*Out.Error, 0.2);
  EXPECT_EQ(Out.Outputs[0].second.size(), 120 * sizeof(int32_t));
}

TEST_F(Svm, DriverBadParamsAndDataAreOneLine) {
  DriverOutcome Bad = runDriver({{"gamma", -1}}, false);
  EXPECT_EQ(Bad.S, Status::Crash);
  EXPECT_EQ(Bad.Message, "case: params.gamma: expected a number > 0");
  DriverOutcome Typo = runDriver({{"gama", 0.1}}, false);
  EXPECT_EQ(Typo.Message, "case: params.gama: unknown parameter");
  DriverOutcome NoData = runDriver({{"data_dir", "/nonexistent"}}, false);
  EXPECT_EQ(NoData.S, Status::Crash);
  EXPECT_EQ(NoData.Message, "/nonexistent/train-images-idx3-ubyte.gz: No such "
                            "file or directory");
}

} // namespace
