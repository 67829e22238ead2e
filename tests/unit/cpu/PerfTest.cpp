//===- PerfTest.cpp - The warp-level model's physics ----------------------===//
//
// The kernels of perf.cu in pairs whose difference on a GPU is textbook
// (coalescing, bank conflicts, divergence, occupancy, what bounds a kernel,
// the tail of the last wave): the model must see each in the right
// direction and of about the published size, on the built-in A100.
//
//===----------------------------------------------------------------------===//

#include "CpuTest.h"

using namespace gevo;
using namespace gevo::cpu;
using namespace gevo::cpu::test;
using gevo::test::parseTestIRFile;

namespace {

class Perf : public ::testing::Test {
protected:
  void SetUp() override {
    M = parseTestIRFile(GEVO_PERF_IR, Ctx);
    ASSERT_TRUE(M);
    auto G = findGpu("a100");
    ASSERT_TRUE(bool(G)) << llvm::toString(G.takeError());
    Gpu = *G;
    Options Opts;
    Opts.Gpu = Gpu;
    Opts.TracedBlocksOnly = true;
    P = loadProgram(*M, Opts);
    ASSERT_TRUE(P);
  }
  /// Launches \p Kernel with \p Args (each a pointer to its value) and
  /// answers its prediction.
  LaunchPerf launch(llvm::StringRef Kernel, LaunchConfig Config,
                    std::vector<void *> Args) {
    auto R = P->launch(Kernel, Config, Args);
    if (!R) {
      ADD_FAILURE() << llvm::toString(R.takeError());
      return {};
    }
    EXPECT_EQ(R->S, Status::Ok) << R->Message << " at " << R->FaultUid;
    EXPECT_GT(R->ModeledSeconds, 0);
    EXPECT_EQ(R->ModeledSeconds, R->Perf.Seconds);
    return R->Perf;
  }
  /// Launches perf.cu's kernels \p A and \p B, both (float *out, int n), on
  /// Blocks x Threads with n = \p N: their predictions.
  std::pair<LaunchPerf, LaunchPerf> launchBoth(llvm::StringRef A,
                                               llvm::StringRef B,
                                               unsigned Blocks,
                                               unsigned Threads, int N) {
    DeviceBuffer<float> Out(Blocks * Threads);
    float *O = Out.get();
    LaunchPerf First = launch(A, {{Blocks}, {Threads}}, {&O, &N});
    return {First, launch(B, {{Blocks}, {Threads}}, {&O, &N})};
  }
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M;
  GpuSpec Gpu;
  std::unique_ptr<Program> P;
};

TEST_F(Perf, AStride32LoadTouchesEightTimesTheSectors) {
  const unsigned Blocks = 1024, Threads = 256;
  DeviceBuffer<float> In(size_t(Blocks) * Threads * 32), Out(Blocks * Threads);
  float *I = In.get(), *O = Out.get();
  LaunchPerf Coalesced = launch("load_coalesced", {{Blocks}, {Threads}},
                                {&I, &O});
  LaunchPerf Strided = launch("load_strided", {{Blocks}, {Threads}}, {&I, &O});
  EXPECT_EQ(Coalesced.GlobalRequests, Strided.GlobalRequests);
  // A warp's 32 floats: 4 sectors together, 32 apart; the stores alike.
  double Writes = Threads / 32 * 4;
  EXPECT_DOUBLE_EQ(Coalesced.L2Sectors - Writes, Threads / 32 * 4);
  EXPECT_DOUBLE_EQ(Strided.L2Sectors - Writes, Threads / 32 * 32);
  EXPECT_EQ(Strided.Bound, "dram");
  double Overhead = Gpu.LaunchOverheadUs * 1e-6;
  EXPECT_GT((Strided.Seconds - Overhead) / (Coalesced.Seconds - Overhead),
            3.0);
}

TEST_F(Perf, A32WayBankConflictTakes32Wavefronts) {
  int N = 64;
  auto [Rows, Columns] =
      launchBoth("shared_rows", "shared_columns", 4096, 32, N);
  EXPECT_EQ(Rows.SharedRequests, Columns.SharedRequests);
  // 32 conflict-free row writes, then N reads: 1 wavefront each, or 32.
  EXPECT_DOUBLE_EQ(Rows.SharedWavefronts, 32 + N);
  EXPECT_DOUBLE_EQ(Columns.SharedWavefronts, 32 + 32 * N);
  EXPECT_GT(Columns.Seconds / Rows.Seconds, 4.0);
}

TEST_F(Perf, ABranchDivergingWithinAWarpCostsBothPaths) {
  int N = 256;
  auto [Within, Across] =
      launchBoth("diverge_in_warp", "diverge_across_warps", 1024, 64, N);
  double Ratio = Within.Issued / Across.Issued;
  EXPECT_GT(Ratio, 1.8);
  EXPECT_LT(Ratio, 2.1);
  double Overhead = Gpu.LaunchOverheadUs * 1e-6;
  EXPECT_GT((Within.Seconds - Overhead) / (Across.Seconds - Overhead), 1.5);
}

TEST_F(Perf, SharedMemoryLimitsOccupancy) {
  const unsigned Blocks = 108 * 16, Threads = 128;
  DeviceBuffer<int> Next(Blocks * Threads), Out(Blocks * Threads);
  std::vector<int> Chain(Blocks * Threads);
  for (size_t I = 0; I < Chain.size(); ++I)
    Chain[I] = int((I * 7 + 1) % Chain.size());
  llvm::cantFail(copyToDevice(Next.get(), Chain.data(),
                              Chain.size() * sizeof(int)));
  int *Nx = Next.get(), *O = Out.get(), N = 16;
  LaunchPerf Small = launch("chase", {{Blocks}, {Threads}, 1024},
                            {&Nx, &O, &N});
  LaunchPerf Big = launch("chase", {{Blocks}, {Threads}, 96 * 1024},
                          {&Nx, &O, &N});
  EXPECT_EQ(Big.BlocksPerSm, 1u);
  EXPECT_EQ(Big.Occupancy, "shared");
  EXPECT_GE(Small.BlocksPerSm, 8u);
  EXPECT_EQ(Big.Bound, "latency");
  EXPECT_GT(Big.Seconds / Small.Seconds, 4.0);
}

TEST_F(Perf, StreamingIsBoundByDramAndArithmeticByThePipes) {
  const unsigned Blocks = 65536, Threads = 256;
  size_t Elements = size_t(Blocks) * Threads;
  DeviceBuffer<float> In(Elements), Out(Elements);
  float *I = In.get(), *O = Out.get();
  int One = 1, Many = 4096;
  LaunchPerf Stream = launch("stream", {{Blocks}, {Threads}}, {&I, &O, &One});
  EXPECT_EQ(Stream.Bound, "dram");
  // Read and write every float once, at the GPU's bandwidth.
  double Bandwidth = 2.0 * 4 * Elements / (Gpu.DramGBs * 1e9);
  EXPECT_GT(Stream.Seconds / Bandwidth, 0.9);
  EXPECT_LT(Stream.Seconds / Bandwidth, 1.3);
  LaunchPerf Compute =
      launch("compute", {{Blocks / 64}, {Threads}}, {&I, &O, &Many});
  EXPECT_TRUE(Compute.Bound == "fp32" || Compute.Bound == "issue")
      << Compute.Bound;
  // Four dependent multiply-adds an iteration and thread.
  double Peak = 4.0 * Many * Elements / 64 /
                (Gpu.Fp32Lanes * Gpu.Sms * Gpu.ClockMhz * 1e6);
  EXPECT_GT(Compute.Seconds / Peak, 0.9);
  EXPECT_LT(Compute.Seconds / Peak, 3.0);
}

TEST_F(Perf, OneBlockPastAFullWaveCostsAnotherWave) {
  const unsigned Threads = 128;
  LaunchPerf Probe;
  int N = 8;
  auto Run = [&](unsigned Blocks) {
    DeviceBuffer<int> Next(Blocks * Threads), Out(Blocks * Threads);
    std::vector<int> Chain(Blocks * Threads, 0);
    llvm::cantFail(copyToDevice(Next.get(), Chain.data(),
                                Chain.size() * sizeof(int)));
    int *Nx = Next.get(), *O = Out.get();
    return launch("chase", {{Blocks}, {Threads}, 1024}, {&Nx, &O, &N});
  };
  Probe = Run(1);
  unsigned Wave = Probe.BlocksPerSm * Gpu.Sms;
  LaunchPerf Full = Run(Wave), Tail = Run(Wave + 1);
  EXPECT_DOUBLE_EQ(Full.Waves, 1.0);
  double Overhead = Gpu.LaunchOverheadUs * 1e-6;
  EXPECT_NEAR((Tail.Seconds - Overhead) / (Full.Seconds - Overhead), 2.0,
              0.05);
}

TEST_F(Perf, PredictionsDoNotDependOnTheThreadCount) {
  const unsigned Blocks = 512, Threads = 256;
  DeviceBuffer<float> In(size_t(Blocks) * Threads * 32), Out(Blocks * Threads);
  float *I = In.get(), *O = Out.get();
  Options Opts;
  Opts.Gpu = Gpu;
  Opts.TracedBlocks = 8;
  for (bool Parallel : {false, true}) {
    Opts.ParallelBlocks = Parallel;
    Opts.RaceChecks = Opts.InitChecks = !Parallel; // races run blocks in order
    auto Q = loadProgram(*M, Opts);
    ASSERT_TRUE(Q);
    auto R = Q->launchWith("load_strided", {{Blocks}, {Threads}}, I, O);
    ASSERT_TRUE(bool(R)) << llvm::toString(R.takeError());
    static double First = 0;
    if (!Parallel)
      First = R->ModeledSeconds;
    EXPECT_EQ(R->Perf.TracedBlocks, 8u);
    EXPECT_EQ(R->ModeledSeconds, First);
  }
}

} // namespace
