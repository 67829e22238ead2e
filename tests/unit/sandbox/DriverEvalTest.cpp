//===- DriverEvalTest.cpp - Driver cases through the Evaluator --------------===//
//
// The reduce test driver (tests/lit/tools/Inputs/drivers) runs the corpus
// kernel reduce_sum in a host loop. Through the sandboxed Evaluator: its
// base is its own oracle and costs what the same launches cost in a plan;
// a wrong variant is wrong_output by the driver's scalar and by exact
// outputs; a faulting variant gets the fault's status; a driver that
// segfaults, throws, exits or hangs on a variant's output gives that
// variant crash or timeout and the pool goes on (one that reports
// wrong_output itself gets an infinite error); a base driver that
// crashes is an error; the oracle cache key covers the driver's bytes and
// params.
//
//===----------------------------------------------------------------------===//

#include "ReductionVariants.h"

#include "gevo/harness/DriverHost.h"
#include "gevo/harness/Evaluator.h"

#include "llvm/Support/FileSystem.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

using namespace gevo;
using namespace llvm;

namespace {

class DriverEvalTest : public ::testing::Test {
protected:
  void SetUp() override {
    Base = gevo::test::parseTestIRFile(GEVO_CORPUS_DIR "/reduction.ll", Ctx);
    ASSERT_TRUE(Base);
  }

  static Spec spec(const std::string &Dir) {
    return cantFail(loadSpec(GEVO_TEST_DRIVERS_DIR "/" + Dir));
  }

  Expected<std::unique_ptr<Evaluator>> tryCreate(const Spec &S,
                                                 EvalOptions O = {}) {
    O.Workers = 1;
    O.DriverCacheDir = GEVO_TEST_DRIVER_CACHE;
    return Evaluator::create(*Base, S, O);
  }

  std::unique_ptr<Evaluator> create(const Spec &S, EvalOptions O = {}) {
    return gevo::test::valueOrFail(tryCreate(S, O));
  }

  LLVMContext Ctx;
  std::unique_ptr<Module> Base;
};

TEST_F(DriverEvalTest, BaseWrongAndFaultingVariants) {
  auto E = create(spec("reduce"));
  ASSERT_TRUE(E);
  const VariantEval &B = E->base();
  ASSERT_EQ(B.S, Status::Ok) << B.Message;
  EXPECT_TRUE(B.Identical);
  ASSERT_EQ(B.Cases.size(), 3u);
  // The plan and the driver launch the same kernels on the same data.
  EXPECT_GT(B.Cases[0].ModeledCost, 0u);
  EXPECT_EQ(B.Cases[1].ModeledCost, B.Cases[0].ModeledCost);
  EXPECT_EQ(B.Cases[1].Error, 0.0) << "the driver's scalar";
  EXPECT_GT(B.Cases[2].ModeledCost, B.Cases[1].ModeledCost);
  EXPECT_EQ(E->baseHeldOut().S, Status::Ok) << E->baseHeldOut().Message;

  std::vector<VariantEval> R =
      E->evaluate({bitcodeOf(*Base), reductionWrongConstant(*Base),
                   reductionBrokenEntry(*Base, /*WildStore=*/true)});
  EXPECT_EQ(R[0].S, Status::Ok);
  EXPECT_TRUE(R[0].Identical);
  EXPECT_EQ(R[0].ModeledCost, B.ModeledCost);
  ASSERT_EQ(R[1].Cases.size(), 3u);
  EXPECT_EQ(R[1].S, Status::WrongOutput);
  for (const CaseEval &C : R[1].Cases)
    EXPECT_EQ(C.S, Status::WrongOutput) << C.Name;
  EXPECT_GT(R[1].Cases[1].Error, 1e-4) << "the driver's relative error";
  EXPECT_EQ(R[1].Cases[2].Error, 1.0) << "exact outputs";
  ASSERT_EQ(R[2].Cases.size(), 3u);
  EXPECT_EQ(R[2].S, Status::OobWrite) << R[2].Message;
  EXPECT_EQ(R[2].Cases[1].S, Status::OobWrite) << R[2].Cases[1].Message;
  EXPECT_EQ(E->stats().restarts(), 0u);

  std::vector<VariantEval> H =
      E->evaluate({reductionWrongConstant(*Base)}, /*HeldOut=*/true);
  EXPECT_EQ(H[0].S, Status::WrongOutput);
  EXPECT_GT(H[0].Error, 1e-4) << "max_rel on the output";
}

TEST_F(DriverEvalTest, AMisbehavingDriverIsTheVariantsStatus) {
  struct Expect {
    std::string Misbehave;
    Status S;
    std::string Message;
  };
  const Expect Cases[] = {
      {"segfault", Status::Crash, "killed by SIGSEGV"},
      {"throw", Status::Crash, "the driver threw: the total is wrong"},
      {"exit", Status::Crash, "exited with status 3"},
      {"hang", Status::Timeout, "watchdog"},
      {"report", Status::WrongOutput, "the total is wrong"},
  };
  for (const Expect &X : Cases) {
    Spec S = spec("segfault-on-wrong");
    S.Cases[0].Driver->Params =
        "{\"n\": 3000, \"misbehave\": \"" + X.Misbehave + "\"}";
    EvalOptions O;
    O.JobTimeoutSeconds = 3;
    auto E = create(S, O);
    ASSERT_TRUE(E);
    std::vector<VariantEval> R =
        E->evaluate({reductionWrongConstant(*Base), bitcodeOf(*Base)});
    EXPECT_EQ(R[0].S, X.S) << X.Misbehave << ": " << R[0].Message;
    EXPECT_NE(R[0].Message.find(X.Message), std::string::npos)
        << X.Misbehave << ": " << R[0].Message;
    if (X.S == Status::WrongOutput) {
      EXPECT_EQ(R[0].Error, HUGE_VAL) << "the driver's own verdict";
    }
    EXPECT_EQ(R[1].S, Status::Ok) << X.Misbehave << ": the pool goes on";
    EXPECT_TRUE(R[1].Identical);
  }
}

TEST_F(DriverEvalTest, ABaseDriverThatCrashesIsAnError) {
  auto E = tryCreate(spec("segfault-always"));
  ASSERT_FALSE(E);
  std::string Msg = toString(E.takeError());
  EXPECT_NE(Msg.find("died during set-up"), std::string::npos) << Msg;
  EXPECT_EQ(Msg.find('\n'), std::string::npos) << Msg;
}

TEST_F(DriverEvalTest, TheOracleCacheKeyCoversTheDriver) {
  SmallString<128> Dir;
  ASSERT_FALSE(sys::fs::createUniqueDirectory("gevo-driver-oracle", Dir));
  EvalOptions O;
  O.OracleCacheDir = std::string(Dir);
  auto FromCache = [&](const Spec &S) {
    auto E = create(S, O);
    return E && E->oracleFromCache() && E->base().Identical;
  };
  Spec S = spec("reduce");
  EXPECT_FALSE(FromCache(S));
  EXPECT_TRUE(FromCache(S));
  Spec Params = S;
  Params.Cases[1].Driver->Params = "{\"n\": 3001}";
  EXPECT_FALSE(FromCache(Params));
  EXPECT_TRUE(FromCache(Params));
  // The same library with one more byte (ELF ignores it): other bytes.
  cantFail(buildDrivers(S, GEVO_TEST_DRIVER_CACHE));
  std::string Copy = std::string(Dir) + "/driver-copy.so";
  ASSERT_FALSE(sys::fs::copy_file(S.Cases[1].Driver->Library, Copy));
  std::ofstream(Copy, std::ios::app) << '\n';
  for (std::vector<CaseSpec> *Cases : {&S.Cases, &S.HeldOut})
    for (CaseSpec &C : *Cases)
      if (C.Driver)
        C.Driver->Library = Copy;
  EXPECT_FALSE(FromCache(S));
  sys::fs::remove_directories(Dir);
}

} // namespace
