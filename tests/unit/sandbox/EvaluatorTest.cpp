//===- EvaluatorTest.cpp - Variants of a corpus kernel, sandboxed ---------===//
//
// The reduction kernel: its base is identical to its oracle; a changed
// constant is wrong_output; an endless loop is a timeout (step budget, and
// the watchdog when the budget is off); a wild store without checks kills
// the worker (crash); a skipped output store fails against poison; oracle
// files are written and reused.
//
//===----------------------------------------------------------------------===//

#include "ReductionVariants.h"

#include "gevo/harness/Evaluator.h"
#include "gevo/harness/Plan.h"
#include "gevo/harness/cpu/PlanDevice.h"

#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

#include <unistd.h>

using namespace gevo;
using namespace llvm;

namespace {

class EvaluatorTest : public ReductionFixture {
protected:
  static std::string bitcode(const Module &M) { return bitcodeOf(M); }
  std::string wrongConstant() { return reductionWrongConstant(*Base); }
  std::string brokenEntry(bool WildStore) {
    return reductionBrokenEntry(*Base, WildStore);
  }
};

TEST_F(EvaluatorTest, CpuTargetStartsNoThreadWithoutParallelBlocks) {
  cpu::Options O;
  O.ParallelBlocks = false;
  auto Dev = cpu::CpuPlanDevice::create(*Base, O);
  ASSERT_TRUE(bool(Dev)) << toString(Dev.takeError());
  CaseOutcome Got = runCase(TheSpec.Cases[1], **Dev);
  EXPECT_EQ(Got.S, Status::Ok) << Got.Message;
  EXPECT_EQ(countThreads(), 1u);
}

TEST_F(EvaluatorTest, AutoTierCompilesShortRunsAtO0) {
  // The reduction runs for milliseconds: O2's compile never pays.
  EvalOptions O;
  auto E = create(O);
  ASSERT_TRUE(E);
  EXPECT_EQ(E->optLevel(), 0u);
  O.OptLevel = 2;
  E = create(O);
  ASSERT_TRUE(E);
  EXPECT_EQ(E->optLevel(), 2u);
  EXPECT_EQ(E->base().S, Status::Ok) << E->base().Message;
}

TEST_F(EvaluatorTest, BaseIsIdenticalAndVariantsAreClassified) {
  // A small step budget: the endless loop stops as a status in the worker
  // (a block's later threads still run up to their own budget).
  EvalOptions O;
  O.ThreadCostLimit = uint64_t(1) << 20;
  auto E = create(O);
  ASSERT_TRUE(E);
  const VariantEval &B = E->base();
  EXPECT_EQ(B.S, Status::Ok) << B.Message;
  EXPECT_TRUE(B.Identical);
  ASSERT_EQ(B.Cases.size(), 2u);
  EXPECT_GT(B.Cases[1].ModeledCost, B.Cases[0].ModeledCost);
  EXPECT_EQ(B.ModeledCost, B.Cases[0].ModeledCost + B.Cases[1].ModeledCost);
  EXPECT_TRUE(E->baseHeldOut().Identical);
  EXPECT_EQ(E->baseHeldOut().Cases.size(), 1u);
  EXPECT_GE(E->jobTimeout(), 5.0);
  EXPECT_GE(E->jobTimeout(/*HeldOut=*/true), 5.0);

  std::vector<VariantEval> R = E->evaluate(
      {bitcode(*Base), wrongConstant(), brokenEntry(false), "not bitcode"});
  ASSERT_EQ(R.size(), 4u);
  EXPECT_EQ(R[0].S, Status::Ok);
  EXPECT_TRUE(R[0].Identical);
  EXPECT_EQ(R[0].ModeledCost, B.ModeledCost);
  EXPECT_EQ(R[1].S, Status::WrongOutput);
  EXPECT_EQ(R[1].Cases[0].S, Status::WrongOutput);
  EXPECT_GT(R[1].Error, 1e-4);
  EXPECT_FALSE(R[1].Identical);
  EXPECT_EQ(R[2].S, Status::Timeout) << R[2].Message;
  EXPECT_EQ(R[2].Cases[1].S, Status::Timeout); // the step budget, per case
  EXPECT_EQ(R[3].S, Status::CompileFail);
  EXPECT_EQ(R[3].Cases.size(), 2u);
  // Nothing here killed a worker.
  EXPECT_EQ(E->stats().restarts(), 0u);
}

TEST_F(EvaluatorTest, ASkippedOutputStoreFailsUnlessTheHostZeroes) {
  // The base sums zeros: it writes partial = {0, 0}. A variant that skips
  // the store leaves what the memory held: poison, as a GPU leaves garbage
  // (zeros used to let it pass); zeros where the spec says the host
  // zeroes the buffer.
  auto Sums = [](const std::string &Init) {
    return cantFail(parseSpec(R"({"cases": [{"name": "zeros", "buffers": {
        "in": {"type": "f32", "count": 1000, "init": {"fill": 0}},
        "partial": {"type": "f32", "count": 2)" + Init + R"(}},
      "steps": [{"launch": "reduce_sum", "grid": 2, "block": 256,
                 "args": ["in", "partial", {"u32": 1000}]}],
      "outputs": ["partial"]}]})",
                              "spec.json", "."));
  };
  for (auto [Init, Want] :
       {std::pair<std::string, Status>{"", Status::WrongOutput},
        {R"(, "init": {"fill": 0})", Status::Ok}}) {
    auto E = Evaluator::create(*Base, Sums(Init), EvalOptions());
    ASSERT_TRUE(static_cast<bool>(E)) << toString(E.takeError());
    EXPECT_EQ((*E)->evaluate({reductionWithoutOutputStore(*Base)})[0].S, Want)
        << Init;
  }
}

TEST_F(EvaluatorTest, WatchdogAndDeadWorkersAreStatuses) {
  EvalOptions O;
  O.JobTimeoutSeconds = 1.5;
  O.ThreadCostLimit = uint64_t(1) << 62; // only the watchdog stops a loop
  O.Checks = false;                      // a wild store kills the worker
  auto E = create(O);
  ASSERT_TRUE(E);
  std::vector<VariantEval> R = E->evaluate(
      {brokenEntry(false), brokenEntry(true), wrongConstant()});
  EXPECT_EQ(R[0].S, Status::Timeout) << R[0].Message;
  EXPECT_NE(R[0].Message.find("watchdog"), std::string::npos) << R[0].Message;
  EXPECT_EQ(R[1].S, Status::Crash) << R[1].Message;
  EXPECT_NE(R[1].Message.find("SIGSEGV"), std::string::npos) << R[1].Message;
  ASSERT_EQ(R[1].Cases.size(), 2u);
  EXPECT_EQ(R[1].Cases[0].S, Status::Crash);
  EXPECT_EQ(R[2].S, Status::WrongOutput);
  EXPECT_EQ(E->stats().restarts(), 2u);
  // The pool still evaluates after both deaths.
  EXPECT_TRUE(E->evaluate({bitcode(*Base)})[0].Identical);
}

TEST_F(EvaluatorTest, OracleCacheIsWrittenAndReused) {
  SmallString<128> Dir;
  ASSERT_FALSE(sys::fs::createUniqueDirectory("gevo-oracle", Dir));
  EvalOptions O;
  O.Workers = 1;
  O.OracleCacheDir = std::string(Dir);
  auto Files = [&] {
    std::vector<std::string> Names;
    std::error_code EC;
    for (sys::fs::directory_iterator I(Dir, EC), End; I != End && !EC;
         I.increment(EC))
      Names.push_back(I->path());
    return Names;
  };
  {
    auto E = create(O);
    ASSERT_TRUE(E);
    EXPECT_FALSE(E->oracleFromCache());
  }
  std::vector<std::string> Written = Files();
  ASSERT_EQ(Written.size(), 1u);
  EXPECT_TRUE(StringRef(Written[0]).ends_with(".oracle"));
  {
    auto E = create(O);
    ASSERT_TRUE(E);
    EXPECT_TRUE(E->oracleFromCache());
    EXPECT_TRUE(E->base().Identical);
  }
  // A damaged file is ignored and rewritten.
  ASSERT_EQ(::truncate(Written[0].c_str(), 10), 0);
  {
    auto E = create(O);
    ASSERT_TRUE(E);
    EXPECT_FALSE(E->oracleFromCache());
  }
  uint64_t Size = 0;
  ASSERT_FALSE(sys::fs::file_size(Written[0], Size));
  EXPECT_GT(Size, 10u);
  sys::fs::remove_directories(Dir);
}

TEST_F(EvaluatorTest, BadInputsAreErrors) {
  EvalOptions O;
  O.Target = "opencl";
  auto Unknown = Evaluator::create(*Base, TheSpec, O);
  ASSERT_FALSE(Unknown);
  EXPECT_EQ(toString(Unknown.takeError()),
            "unknown target 'opencl' (cpu, cuda or hip)");
  Spec Broken = TheSpec;
  Broken.Cases[1].Steps[0].Kernel = "no_such_kernel";
  auto Failing = Evaluator::create(*Base, Broken, {});
  ASSERT_FALSE(Failing);
  EXPECT_NE(toString(Failing.takeError())
                .find("the unmodified kernel fails case 'n40000'"),
            std::string::npos);
}

/// Without their driver the GPU targets fail in one line naming it; with a
/// GPU, the base is its own oracle there and a wrong variant is caught.
TEST_F(EvaluatorTest, GpuTargetsRunOnTheirGpuOrSayWhyNot) {
  for (const char *Target : {"cuda", "hip"}) {
    EvalOptions O;
    O.Target = Target;
    O.Workers = 1;
    auto E = Evaluator::create(*Base, TheSpec, O);
    if (!E) {
      std::string Why = toString(E.takeError());
      EXPECT_EQ(Why.rfind(std::string(Target) + " target: ", 0), 0u) << Why;
      EXPECT_EQ(Why.find('\n'), std::string::npos) << Why;
      continue;
    }
    EXPECT_EQ((*E)->base().S, Status::Ok) << Target;
    EXPECT_TRUE((*E)->base().Identical) << Target;
    VariantEval V = (*E)->evaluate({wrongConstant()})[0];
    EXPECT_EQ(V.S, Status::WrongOutput) << Target << ": " << V.Message;
  }
}

} // namespace
