//===- GpuWorkerTest.cpp - The cuda target's workers, on a driver double ---===//
//
// The Evaluator on --target cuda with tests/fakecuda loaded in place of
// libcuda.so.1: this tests our orchestration (devices, the cpu gate, fault
// classification and respawn, the watchdog, the timing rule, times taken
// relative to the nearest base), not a GPU. The double runs no kernel (a
// launch leaves the buffers as they were, so the GPU's oracle is the
// inputs); what a launch does is read from the PTX (FakeCuda.cpp).
//
//===----------------------------------------------------------------------===//

#include "ReductionVariants.h"

#include "gevo/harness/Evaluator.h"

#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

using namespace gevo;
using namespace llvm;

namespace {

class GpuWorkerTest : public ReductionFixture {
protected:
  void SetUp() override {
    setenv("GEVO_CUDA_DRIVER", GEVO_FAKE_CUDA, 1);
    unsetenv("GEVO_FAKE_CUDA_DEVICES");
    unsetenv("GEVO_FAKE_CUDA_DRIFT");
    ReductionFixture::SetUp();
  }
  void TearDown() override { unsetenv("GEVO_CUDA_DRIVER"); }

  static EvalOptions cuda(const char *Gate) {
    EvalOptions O;
    O.Target = "cuda";
    O.Gate = Gate;
    O.GateWorkers = 2;
    return O;
  }

  /// The kernel with a trap at its entry ("trap;" in the PTX).
  std::string trapping() {
    auto M = CloneModule(*Base);
    Function *F = M->getFunction("reduce_sum");
    IRBuilder<> B(&*F->getEntryBlock().getFirstInsertionPt());
    B.CreateIntrinsic(Intrinsic::trap, {}, {});
    return bitcodeOf(*M);
  }

  /// The kernel with a global the double takes for a kernel that hangs.
  std::string hanging() {
    auto M = CloneModule(*Base);
    Type *I32 = Type::getInt32Ty(M->getContext());
    new GlobalVariable(*M, I32, false, GlobalValue::ExternalLinkage,
                       ConstantInt::get(I32, 0), "gevo_fake_hang", nullptr,
                       GlobalValue::NotThreadLocal, 1);
    return bitcodeOf(*M);
  }

};

TEST_F(GpuWorkerTest, TheBaseIsTimedByTheRuleOnTheDeviceItNames) {
  auto E = create(cuda("none"));
  ASSERT_TRUE(E);
  EXPECT_EQ(E->gpu(), "gevo fake GPU 0, driver 13.0, device 0");
  ASSERT_EQ(E->base().S, Status::Ok) << E->base().Message;
  EXPECT_GT(E->base().Seconds, 0);
  // The double's times do not vary: the interval closes at the fewest runs.
  for (const CaseEval &C : E->base().Cases) {
    EXPECT_EQ(C.Runs, 5u) << C.Name;
    EXPECT_EQ(C.Spread, 0) << C.Name;
  }
  EXPECT_EQ(E->gate(), nullptr);
}

TEST_F(GpuWorkerTest, AFaultIsAGpuFaultAndItsWorkerIsReplaced) {
  auto E = create(cuda("none"));
  ASSERT_TRUE(E);
  uint64_t Spawned = E->stats().Spawns;
  std::vector<VariantEval> R =
      E->evaluate({trapping(), bitcodeOf(*Base), trapping()});
  EXPECT_EQ(R[0].S, Status::GpuFault) << R[0].Message;
  EXPECT_NE(R[0].Message.find("CUDA_ERROR_ILLEGAL_INSTRUCTION"),
            std::string::npos)
      << R[0].Message;
  // The poisoned context went with its worker: the base runs clean after.
  EXPECT_EQ(R[1].S, Status::Ok) << R[1].Message;
  EXPECT_EQ(R[2].S, Status::GpuFault);
  EXPECT_GE(E->stats().Spawns, Spawned + 2);
}

TEST_F(GpuWorkerTest, AHangIsKilledByTheWatchdogAsATimeout) {
  EvalOptions O = cuda("none");
  O.JobTimeoutSeconds = 2;
  auto E = create(O);
  ASSERT_TRUE(E);
  std::vector<VariantEval> R = E->evaluate({hanging(), bitcodeOf(*Base)});
  EXPECT_EQ(R[0].S, Status::Timeout) << R[0].Message;
  EXPECT_EQ(R[1].S, Status::Ok) << R[1].Message;
}

TEST_F(GpuWorkerTest, TheCpuGateKeepsInvalidVariantsOffTheGpu) {
  auto E = create(cuda("cpu"));
  ASSERT_TRUE(E);
  ASSERT_NE(E->gate(), nullptr);
  // The gate's modeled cost comes with the GPU's time.
  EXPECT_GT(E->base().ModeledCost, 0u);
  uint64_t GpuJobs = E->stats().Jobs;
  std::vector<VariantEval> R =
      E->evaluate({reductionWrongConstant(*Base), trapping()});
  for (const VariantEval &V : R) {
    EXPECT_TRUE(V.Gated);
    EXPECT_NE(V.S, Status::Ok);
    EXPECT_EQ(V.Message.rfind("cpu gate: ", 0), 0u) << V.Message;
  }
  EXPECT_EQ(R[0].S, Status::WrongOutput);
  EXPECT_EQ(E->stats().Jobs, GpuJobs) << "a rejected variant reached the GPU";
  R = E->evaluate({bitcodeOf(*Base)});
  EXPECT_EQ(R[0].S, Status::Ok) << R[0].Message;
  EXPECT_FALSE(R[0].Gated);
  EXPECT_EQ(R[0].ModeledCost, E->base().ModeledCost);
  EXPECT_GT(E->stats().Jobs, GpuJobs);
}

TEST_F(GpuWorkerTest, DriftDoesNotFakeAGain) {
  // Every launch 0.2% slower than the one before: by the end of a batch the
  // GPU is far slower than when the base was first measured.
  setenv("GEVO_FAKE_CUDA_DRIFT", "0.002", 1);
  auto E = create(cuda("none"));
  ASSERT_TRUE(E);
  std::vector<std::string> Batch(24, bitcodeOf(*Base));
  std::vector<VariantEval> R = E->evaluate(Batch);
  double Raw = 0, Relative = 0;
  for (const VariantEval &V : R) {
    ASSERT_EQ(V.S, Status::Ok) << V.Message;
    Raw = std::max(Raw, std::abs(V.MeasuredSeconds / E->base().Seconds - 1));
    Relative = std::max(Relative, std::abs(V.Seconds / E->base().Seconds - 1));
  }
  // A variant is at most BaseEvery / 2 jobs from a base measurement, the
  // batch is 24 + 4 jobs long.
  EXPECT_GT(Raw, 0.2);
  EXPECT_LT(Relative, Raw / 4) << "raw drift " << Raw;
}

TEST_F(GpuWorkerTest, DevicesAreCheckedAndEachHasAWorker) {
  setenv("GEVO_FAKE_CUDA_DEVICES", "2", 1);
  auto E = create(cuda("none"));
  ASSERT_TRUE(E);
  EXPECT_EQ(E->workerCount(), 2u);
  EvalOptions O = cuda("none");
  O.Devices = {7};
  auto Bad = Evaluator::create(*Base, TheSpec, O);
  ASSERT_FALSE(bool(Bad));
  EXPECT_EQ(toString(Bad.takeError()), "cuda target: no device 7 (2 visible)");
  setenv("GEVO_CUDA_DRIVER", "/nonexistent/libcuda.so.1", 1);
  Bad = Evaluator::create(*Base, TheSpec, cuda("none"));
  ASSERT_FALSE(bool(Bad));
  EXPECT_EQ(toString(Bad.takeError()),
            "cuda target: no NVIDIA driver: /nonexistent/libcuda.so.1 not found");
}

} // namespace
