//===- SgdTest.cpp - Momentum SGD on an MLP and its driver, cpu target ----===//

#include "MlTest.h"

#include "common/Classification.h"
#include "sgd/Mlp.h"

#include <numeric>

using namespace gevo;
using namespace gevo::ml;

namespace {

class Sgd : public test::AppTest {
protected:
  Sgd() : AppTest("sgd") {}

  static std::vector<float> randomVector(size_t N, uint64_t Seed) {
    Rng R(Seed);
    std::vector<float> V(N);
    for (float &X : V)
      X = float(2 * R.uniform() - 1);
    return V;
  }
};

TEST_F(Sgd, MomentumUpdateHasCaffe2Semantics) {
  // More parameters than the grid has threads: the grid-stride loop.
  const int N = 3000;
  const float Lr = 0.1f, Beta = 0.9f;
  std::vector<float> G = randomVector(N, 1), M = randomVector(N, 2),
                     W = randomVector(N, 3);
  Device D(*Dev);
  DevPtr DG = D.upload(G), DM = D.upload(M), DW = D.upload(W);
  D.launch("momentum_sgd", {2}, {128}, 0, N, DG, DM, DW, Lr, Beta);
  std::vector<float> G2 = D.read<float>(DG, N), M2 = D.read<float>(DM, N),
                     W2 = D.read<float>(DW, N);
  for (int I = 0; I < N; ++I) {
    float MNew = Beta * M[I] + Lr * G[I];
    float Step = (1 + Beta) * MNew - Beta * M[I];
    ASSERT_NEAR(M2[I], MNew, 1e-6f) << I;
    ASSERT_NEAR(G2[I], Step, 1e-6f) << I;
    ASSERT_NEAR(W2[I], W[I] - Step, 1e-6f) << I;
  }
}

TEST_F(Sgd, MatmulWithStridesTransposes) {
  // C = A B, A' B and A B' by strides, against the host.
  const int M = 37, N = 19, K = 45;
  std::vector<float> A = randomVector(M * K, 4), B = randomVector(K * N, 5);
  Device D(*Dev);
  DevPtr DA = D.upload(A), DB = D.upload(B), DC = D.alloc<float>(M * N);
  struct Layout {
    int Sai, Sak, Sbk, Sbj;
  };
  // A stored M x K or K x M; B stored K x N or N x K.
  for (Layout L : {Layout{K, 1, N, 1}, Layout{1, M, N, 1}, Layout{K, 1, 1, K}}) {
    D.launch("matmul", {(N + 15) / 16u, (M + 15) / 16u}, {16, 16}, 0, DA, L.Sai,
             L.Sak, DB, L.Sbk, L.Sbj, DC, M, N, K);
    std::vector<float> C = D.read<float>(DC, M * N);
    for (int I = 0; I < M; ++I)
      for (int J = 0; J < N; ++J) {
        double Want = 0;
        for (int Kk = 0; Kk < K; ++Kk)
          Want += double(A[I * L.Sai + Kk * L.Sak]) * B[Kk * L.Sbk + J * L.Sbj];
        ASSERT_NEAR(C[I * N + J], Want, 1e-4) << I << "," << J;
      }
  }
}

TEST_F(Sgd, TrainingLowersTheLossAndLearns) {
  Samples Train = subset(Split::Train, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, 30, 3);
  Device D(*Dev);
  MlpParams P;
  P.Hidden = 32;
  P.Batch = 20;
  P.Lr = 0.02f;
  Mlp Net(D, Train.Dim, 10, P);
  Rng Order(9);
  std::vector<float> Losses;
  for (int E = 0; E < 4; ++E) {
    std::vector<float> L = Net.trainEpoch(Train, Train.Y, Order);
    Losses.insert(Losses.end(), L.begin(), L.end());
  }
  ASSERT_EQ(Losses.size(), 4u * 15);
  float First = std::accumulate(Losses.begin(), Losses.begin() + 5, 0.0f) / 5;
  float Last = std::accumulate(Losses.end() - 5, Losses.end(), 0.0f) / 5;
  EXPECT_NEAR(First, std::log(10.0f), 0.5f) << "starts near chance";
  EXPECT_LT(Last, 0.6f * First);
  EXPECT_LT(errorRate(Net.predict(Train), Train.Y), 0.35) << "chance is 0.9";
}

TEST_F(Sgd, DriverIsDeterministicAndFarBetterThanChance) {
  nlohmann::json Params = {{"train_per_class", 30}, {"epochs", 3},
                           {"hidden", 32},          {"batch", 20},
                           {"lr", 0.02},            {"test_per_class", 20}};
  DriverOutcome Out = runDriver(Params, false);
  ASSERT_EQ(Out.S, Status::Ok) << Out.Message;
  EXPECT_LT(*Out.Error, 0.4) << "chance is 0.9";
  DriverOutcome Again = runDriver(Params, false);
  EXPECT_EQ(Again.Error, Out.Error);
  EXPECT_EQ(Again.Outputs, Out.Outputs);

  DriverOutcome Test = runDriver(Params, true);
  ASSERT_EQ(Test.S, Status::Ok) << Test.Message;
  EXPECT_LT(*Test.Error, 0.5);
  EXPECT_EQ(Test.Outputs[0].second.size(), 200 * sizeof(int32_t));
}

TEST_F(Sgd, DriverRejectsUnknownParams) {
  DriverOutcome Out = runDriver({{"lrr", 0.1}}, false);
  EXPECT_EQ(Out.S, Status::Crash);
  EXPECT_EQ(Out.Message, "case: params.lrr: unknown parameter");
}

} // namespace
