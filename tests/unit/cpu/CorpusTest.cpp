//===- CorpusTest.cpp - Every corpus kernel against a plain C++ reference -===//
//
// Integer results must be bit-exact. Float results may differ by the
// optimiser's contraction of a*b+c into FMA (the NVPTX IR allows it) and by
// the order of float atomics across blocks: the tolerances below say how
// much, per kernel.
//
//===----------------------------------------------------------------------===//

#include "CpuTest.h"

#include <cmath>
#include <cstring>

using namespace gevo;
using namespace gevo::cpu;
using namespace gevo::cpu::test;

namespace {

std::vector<float> randomFloats(size_t N, unsigned Seed, float Lo, float Hi) {
  std::vector<float> V(N);
  for (float &X : V) {
    Seed = Seed * 1664525u + 1013904223u;
    X = Lo + (Hi - Lo) * float(Seed >> 8) / float(1 << 24);
  }
  return V;
}

void expectNear(const std::vector<float> &Got, const std::vector<float> &Want,
                float RelTol) {
  ASSERT_EQ(Got.size(), Want.size());
  for (size_t I = 0; I < Got.size(); ++I)
    ASSERT_NEAR(Got[I], Want[I], RelTol * std::max(1.0f, std::fabs(Want[I])))
        << "at " << I;
}

class Corpus : public ::testing::Test {
protected:
  std::unique_ptr<Program> load(llvm::StringRef Name) {
    auto M = loadCorpus(Name, Ctx);
    return M ? loadProgram(*M) : nullptr;
  }
  llvm::LLVMContext Ctx;
};

TEST_F(Corpus, Stencil2dOn2dGrid) {
  auto P = load("stencil2d");
  ASSERT_TRUE(P);
  const int NX = 37, NY = 45;
  std::vector<float> In = randomFloats(NX * NY, 1, -1, 1), Want(NX * NY);
  auto At = [&](int X, int Y) {
    return In[std::clamp(Y, 0, NY - 1) * NX + std::clamp(X, 0, NX - 1)];
  };
  for (int Y = 0; Y < NY; ++Y)
    for (int X = 0; X < NX; ++X)
      Want[Y * NX + X] = 0.5f * At(X, Y) + 0.125f * (At(X - 1, Y) + At(X + 1, Y) +
                                                     At(X, Y - 1) + At(X, Y + 1));
  DeviceBuffer<float> DIn(In), DOut(NX * NY);
  LaunchConfig C{{3, 3, 1}, {16, 16, 1}};
  ASSERT_TRUE(runsOk(*P, "_Z9stencil2dPKfPfiiff", C, DIn.get(), DOut.get(), NX,
                     NY, 0.5f, 0.125f));
  expectNear(DOut.read(), Want, 1e-6f);
}

TEST_F(Corpus, ReductionTreeInSharedMemory) {
  auto P = load("reduction");
  ASSERT_TRUE(P);
  const unsigned N = 5000, Block = 256, Blocks = (N + 2 * Block - 1) / (2 * Block);
  std::vector<float> In = randomFloats(N, 2, 0, 1), Want(Blocks);
  for (unsigned B = 0; B < Blocks; ++B) {
    std::vector<float> S(Block);
    for (unsigned T = 0; T < Block; ++T) {
      unsigned I = B * 2 * Block + T;
      S[T] = (I < N ? In[I] : 0.0f) + (I + Block < N ? In[I + Block] : 0.0f);
    }
    for (unsigned Stride = Block / 2; Stride > 0; Stride /= 2)
      for (unsigned T = 0; T < Stride; ++T)
        S[T] += S[T + Stride];
    Want[B] = S[0];
  }
  DeviceBuffer<float> DIn(In), DOut(Blocks);
  ASSERT_TRUE(
      runsOk(*P, "reduce_sum", {{Blocks}, {Block}}, DIn.get(), DOut.get(), N));
  EXPECT_EQ(DOut.read(), Want); // Same additions in the same order.
}

TEST_F(Corpus, TiledMatmulWithPartialTiles) {
  auto P = load("matmul_tiled");
  ASSERT_TRUE(P);
  const int M = 70, N = 50, K = 40;
  const float Alpha = 1.5f, Beta = 0.5f;
  auto A = randomFloats(M * K, 3, -1, 1), B = randomFloats(K * N, 4, -1, 1);
  auto C = randomFloats(M * N, 5, -1, 1);
  std::vector<float> Want(M * N);
  for (int I = 0; I < M; ++I)
    for (int J = 0; J < N; ++J) {
      float Dot = 0;
      for (int P = 0; P < K; ++P)
        Dot += A[I * K + P] * B[P * N + J];
      Want[I * N + J] = Alpha * Dot + Beta * C[I * N + J];
    }
  DeviceBuffer<float> DA(A), DB(B), DC(C);
  LaunchConfig Cfg{{(N + 15) / 16, (M + 15) / 16, 1}, {16, 8, 1}};
  ASSERT_TRUE(runsOk(*P, "_Z11sgemm_tilediiifPKfiS0_ifPfi", Cfg, M, N, K, Alpha,
                     DA.get(), K, DB.get(), N, Beta, DC.get(), N));
  expectNear(DC.read(), Want, 1e-5f);
}

TEST_F(Corpus, WarpShuffleStatistics) {
  auto P = load("warp_shuffle");
  ASSERT_TRUE(P);
  const int N = 3000;
  const float Threshold = 0.7f;
  auto X = randomFloats(N, 6, -1, 1);
  double Sum = 0;
  float Max = 0;
  unsigned Above = 0;
  for (float V : X) {
    Sum += V;
    Max = std::max(Max, V);
    Above += V > Threshold;
  }
  DeviceBuffer<float> DX(X), DSum(1);
  DeviceBuffer<int> DMax(1);
  DeviceBuffer<unsigned> DAbove(1);
  ASSERT_TRUE(runsOk(*P, "_Z12signal_statsPKfifPfPiPj", {{4}, {256}}, DX.get(),
                     N, Threshold, DSum.get(), DMax.get(), DAbove.get()));
  EXPECT_NEAR(DSum.read()[0], Sum, 1e-3);
  int MaxBits;
  std::memcpy(&MaxBits, &Max, sizeof MaxBits);
  EXPECT_EQ(DMax.read()[0], MaxBits);
  EXPECT_EQ(DAbove.read()[0], Above);
}

TEST_F(Corpus, HistogramWithSharedAndGlobalAtomics) {
  auto P = load("histogram_atomics");
  ASSERT_TRUE(P);
  const int NWords = 10000;
  std::vector<unsigned> Words(NWords), Want(256);
  for (int I = 0; I < NWords; ++I) {
    Words[I] = I * 2654435761u;
    for (int Byte = 0; Byte < 4; ++Byte)
      ++Want[Words[I] >> (8 * Byte) & 0xff];
  }
  DeviceBuffer<unsigned> DWords(Words), DHist(256);
  ASSERT_TRUE(runsOk(*P, "histogram256", {{6}, {128}}, DWords.get(), NWords,
                     DHist.get()));
  EXPECT_EQ(DHist.read(), Want);
}

TEST_F(Corpus, SwitchOps) {
  auto P = load("switch_ops");
  ASSERT_TRUE(P);
  const int N = 1000;
  const float Scale = 0.75f;
  std::vector<unsigned char> Ops(N);
  for (int I = 0; I < N; ++I)
    Ops[I] = (I * 7) % 9; // 8 is not an op: the default case.
  auto A = randomFloats(N, 7, -2, 2), B = randomFloats(N, 8, -2, 2);
  std::vector<float> Want(N);
  for (int I = 0; I < N; ++I) {
    float X = A[I], Y = B[I];
    float Results[] = {X + Y,           X - Y,          X * Y,
                       Y != 0 ? X / Y : 0, std::min(X, Y), std::max(X, Y),
                       X * Scale + Y,   (X > 0 ? X : 0) * Scale, X};
    Want[I] = Results[Ops[I]];
  }
  DeviceBuffer<unsigned char> DOps(Ops);
  DeviceBuffer<float> DA(A), DB(B), DOut(N);
  ASSERT_TRUE(runsOk(*P, "apply_ops", {{8}, {128}}, DOps.get(), DA.get(),
                     DB.get(), DOut.get(), N, Scale));
  expectNear(DOut.read(), Want, 1e-6f);
}

TEST_F(Corpus, DoubleMathThroughLibdevice) {
  auto P = load("double_math");
  ASSERT_TRUE(P);
  const int N = 500;
  std::vector<double> Spot(N), Strike(N), Years(N);
  for (int I = 0; I < N; ++I) {
    Spot[I] = 50.0 + I % 100;
    Strike[I] = 40.0 + I % 70;
    Years[I] = 0.25 + (I % 8) * 0.25;
  }
  const double Rate = 0.02, Vol = 0.3;
  DeviceBuffer<double> DS(Spot), DK(Strike), DT(Years), DCall(N), DPut(N),
      DPos(N);
  LaunchConfig C{{(N + 127) / 128}, {128}};
  ASSERT_TRUE(runsOk(*P, "_Z13black_scholesPKdS0_S0_PdS1_idd", C, DS.get(),
                     DK.get(), DT.get(), DCall.get(), DPut.get(), N, Rate,
                     Vol));
  ASSERT_TRUE(runsOk(*P, "_Z17damped_oscillatorPKdPdiddd", C, DT.get(),
                     DPos.get(), N, 6.0, 0.4, 1.5));
  auto Cdf = [](double D) { return 0.5 * std::erfc(-D * M_SQRT1_2); };
  auto Call = DCall.read(), Put = DPut.read(), Pos = DPos.read();
  for (int I = 0; I < N; ++I) {
    double S = Spot[I], K = Strike[I], T = Years[I], SqrtT = std::sqrt(T);
    double D1 = (std::log(S / K) + (Rate + 0.5 * Vol * Vol) * T) / (Vol * SqrtT);
    double D2 = D1 - Vol * SqrtT, Disc = std::exp(-Rate * T);
    ASSERT_NEAR(Call[I], S * Cdf(D1) - K * Disc * Cdf(D2), 1e-9) << I;
    ASSERT_NEAR(Put[I], K * Disc * Cdf(-D2) - S * Cdf(-D1), 1e-9) << I;
    double Env = std::exp(-0.4 * T) * std::pow(1.0 + T, -1.5);
    ASSERT_NEAR(Pos[I], Env * (std::cos(6.0 * T) + 0.25 * std::sin(12.0 * T)),
                1e-12)
        << I;
  }
}

} // namespace
