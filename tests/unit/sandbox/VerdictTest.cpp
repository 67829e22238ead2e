//===- VerdictTest.cpp - Whether a case's run is correct, decided once ----===//
//
// judgeOutputs on hand-made runs: the case's tolerance, the base's own
// error plus Acceptance::OverBase (gevo-evolve's modes), per case, each
// rejection naming the bound it broke. Through the Evaluator: a variant
// whose race the shadow is told not to look for (races off) is still a race
// ("schedule_dependent") by the reverse schedule, and a base like it is
// refused, naming its output.
//
//===----------------------------------------------------------------------===//

#include "ReductionVariants.h"
#include "Verdict.h"

#include "gevo/harness/Evaluator.h"

#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace gevo;
using namespace gevo::sandbox;

namespace {

Bytes floats(std::vector<float> V) {
  Bytes B(V.size() * sizeof(float));
  std::memcpy(B.data(), V.data(), B.size());
  return B;
}

CaseSpec caseWith(Metric M, double Max) {
  CaseSpec C;
  C.Name = "c";
  C.Tol = {M, Max};
  return C;
}

/// A completed run of outputs \p Got against the oracle \p Want.
CaseEval judge(const CaseSpec &C, std::vector<float> Want,
               std::vector<float> Got, Acceptance A) {
  CaseOracle O{{floats(Want)}, {ElemType::F32}, std::nullopt, 0};
  CaseOutcome Run;
  Run.Outputs = {floats(Got)};
  Run.OutputTypes = {ElemType::F32};
  CaseEval R;
  judgeOutputs(C, O, Run, A, R);
  return R;
}

TEST(Verdict, ExactCasesTakeOnlyTheSameBits) {
  CaseSpec C = caseWith(Metric::Exact, 0);
  CaseEval Same = judge(C, {1, 2}, {1, 2}, {});
  EXPECT_EQ(Same.S, Status::Ok);
  EXPECT_TRUE(Same.Identical);
  CaseEval Off = judge(C, {1, 2}, {1, 2.0001f}, {0.5});
  EXPECT_EQ(Off.S, Status::WrongOutput);
  EXPECT_FALSE(Off.Identical);
  EXPECT_EQ(Off.Error, 1);
  EXPECT_NE(Off.Message.find("over the case's tolerance 0"), std::string::npos)
      << Off.Message;
}

TEST(Verdict, TheModeBoundsTheErrorOverTheBasesWithinTheCasesTolerance) {
  CaseSpec C = caseWith(Metric::MaxAbs, 0.1);
  std::vector<float> Want{1, 2}, Got{1, 2.05f};
  // gevo-run: the case's tolerance alone.
  EXPECT_EQ(judge(C, Want, Got, {}).S, Status::Ok);
  // Mode default: no error the base does not have.
  CaseEval Exact = judge(C, Want, Got, {0});
  EXPECT_EQ(Exact.S, Status::WrongOutput);
  EXPECT_NE(Exact.Message.find("over the base's 0 (exact mode)"),
            std::string::npos)
      << Exact.Message;
  EXPECT_NEAR(Exact.Error, 0.05, 1e-6);
  // Mode mo: up to its tolerance over the base's, never past the case's.
  EXPECT_EQ(judge(C, Want, Got, {0.01}).S, Status::WrongOutput);
  EXPECT_EQ(judge(C, Want, Got, {0.06}).S, Status::Ok);
  CaseEval Far = judge(C, Want, {1, 2.5f}, {1.0});
  EXPECT_EQ(Far.S, Status::WrongOutput);
  EXPECT_NE(Far.Message.find("case's tolerance"), std::string::npos);
}

TEST(Verdict, ADriversErrorIsBoundedByTheBasesOnTheSameCase) {
  CaseSpec C = caseWith(Metric::Driver, 0.01);
  CaseOracle Want{{}, {}, 0.2, 0};
  auto Run = [&](double Error, Acceptance A) {
    CaseOutcome Got;
    Got.Error = Error;
    CaseEval R;
    judgeOutputs(C, Want, Got, A, R);
    return R;
  };
  EXPECT_EQ(Run(0.205, {}).S, Status::Ok);
  EXPECT_EQ(Run(0.205, {0}).S, Status::WrongOutput);
  EXPECT_EQ(Run(0.19, {0}).S, Status::Ok);
  EXPECT_EQ(Run(0.19, {0}).Error, 0.19);
  EXPECT_EQ(Run(0.25, {1.0}).S, Status::WrongOutput);
  CaseOutcome Silent; // a driver that reports no error
  CaseEval R;
  judgeOutputs(C, Want, Silent, {}, R);
  EXPECT_EQ(R.S, Status::WrongOutput);
  EXPECT_EQ(R.Message, "the driver reports no error for the 'driver' metric");
}

/// races.cu's kernels; the spec launches the race-free other_block_sum on
/// two blocks, and a "variant" is the module with reads_other_block under
/// that name: block 1 reads what block 0 writes in the same launch, which
/// gives the base's outputs when the blocks run in order.
class ScheduleVerdict : public ::testing::Test {
protected:
  void SetUp() override {
    Base = gevo::test::parseTestIRFile(GEVO_RACES_IR, Ctx);
    ASSERT_TRUE(Base);
    Racy = llvm::CloneModule(*Base);
    Racy->getFunction("other_block_sum")->setName("race_free");
    Racy->getFunction("reads_other_block")->setName("other_block_sum");
    TheSpec = cantFail(parseSpec(R"({"cases": [{"name": "two_blocks",
        "buffers": {"data": {"type": "f32", "count": 128,
                             "init": {"fill": 100}}},
        "steps": [{"launch": "other_block_sum", "grid": 2, "block": 64,
                   "args": ["data"]}],
        "outputs": ["data"]}]})",
                                 "spec.json", "."));
  }
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> Base, Racy;
  Spec TheSpec;
};

TEST_F(ScheduleVerdict, TheReverseScheduleCatchesAVariantsRaceTheShadowSkips) {
  EvalOptions O;
  O.Workers = 1;
  O.Judging.Races = false;
  auto E = Evaluator::create(*Base, TheSpec, O);
  ASSERT_TRUE(bool(E)) << toString(E.takeError());
  VariantEval V = (*E)->evaluate({bitcodeOf(*Racy)})[0];
  EXPECT_EQ(V.S, Status::Race) << V.Message;
  EXPECT_NE(V.Message.find("schedule_dependent: output 'data' differs"),
            std::string::npos)
      << V.Message;
  O.Judging.Schedules = false; // without either check it passes
  auto Blind = Evaluator::create(*Base, TheSpec, O);
  ASSERT_TRUE(bool(Blind)) << toString(Blind.takeError());
  EXPECT_EQ((*Blind)->evaluate({bitcodeOf(*Racy)})[0].S, Status::Ok);
}

TEST_F(ScheduleVerdict, ABaseWhoseOutputsDependOnTheScheduleIsRefused) {
  EvalOptions O;
  O.Workers = 1;
  O.Judging.Races = false;
  auto E = Evaluator::create(*Racy, TheSpec, O);
  ASSERT_FALSE(bool(E));
  std::string Why = toString(E.takeError());
  EXPECT_NE(Why.find("output 'data' differs between two legal schedules"),
            std::string::npos)
      << Why;
  EXPECT_NE(Why.find("\"compare\": \"multiset\""), std::string::npos) << Why;
}

} // namespace
