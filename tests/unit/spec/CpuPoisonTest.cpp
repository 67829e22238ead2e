//===- CpuPoisonTest.cpp - Undefined memory on the cpu target ---------------===//
//
// The corpus reduce_sum on the cpu target: a buffer declared without
// "init" that the kernel leaves partly unwritten reads back as the poison
// pattern (zeros with "fill": 0), the check names it, and a driver's
// allocations hold the pattern too.
//
//===----------------------------------------------------------------------===//

#include "ParseIR.h"

#include "gevo/harness/DriverHost.h"
#include "gevo/harness/Poison.h"
#include "gevo/harness/TargetDevice.h"
#include "gevo/harness/cpu/PlanDevice.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

using namespace gevo;

namespace {

/// reduce_sum over 1000 elements in 2 blocks into partial[0, 2) of Count.
std::string partialSums(unsigned Count, const std::string &Init) {
  return R"({"cases": [{"name": "small", "buffers": {
      "in": {"type": "f32", "count": 1000, "init": {"iota": {}}},
      "partial": {"type": "f32", "count": )" +
         std::to_string(Count) + Init + R"(}},
    "steps": [{"launch": "reduce_sum", "grid": 2, "block": 256,
               "args": ["in", "partial", {"u32": 1000}]}],
    "outputs": ["partial"]}]})";
}

class CpuPoison : public ::testing::Test {
protected:
  void SetUp() override {
    Base = gevo::test::parseTestIRFile(GEVO_CORPUS_DIR "/reduction.ll", Ctx);
    ASSERT_TRUE(Base);
    cpu::Options O;
    O.ParallelBlocks = false;
    auto D = cpu::CpuPlanDevice::create(*Base, O);
    ASSERT_TRUE(static_cast<bool>(D)) << llvm::toString(D.takeError());
    Dev = std::move(*D);
  }

  static Spec spec(const std::string &Text) {
    return llvm::cantFail(parseSpec(Text, "spec.json", "."));
  }

  std::vector<uint32_t> words(const CaseSpec &C) {
    CaseOutcome O = runCase(C, *Dev);
    EXPECT_EQ(O.S, Status::Ok) << O.Message;
    std::vector<uint32_t> W(O.Outputs.at(0).size() / 4);
    std::memcpy(W.data(), O.Outputs[0].data(), W.size() * 4);
    return W;
  }

  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> Base;
  std::unique_ptr<cpu::CpuPlanDevice> Dev;
};

TEST_F(CpuPoison, AnUnwrittenBufferReadsBackAsThePattern) {
  std::vector<uint32_t> W = words(spec(partialSums(4, "")).Cases[0]);
  ASSERT_EQ(W.size(), 4u);
  float First;
  std::memcpy(&First, &W[0], 4);
  EXPECT_EQ(First, 130816.0f) << "0 + 1 + ... + 511";
  EXPECT_EQ(W[2], PoisonWord);
  EXPECT_EQ(W[3], PoisonWord);
  W = words(spec(partialSums(4, R"(, "init": {"fill": 0})")).Cases[0]);
  EXPECT_EQ(W[2], 0u);
  EXPECT_EQ(W[3], 0u);
}

TEST_F(CpuPoison, TheCheckNamesTheUnwrittenOutput) {
  using Names = std::vector<std::string>;
  EXPECT_EQ(undefinedInputs(spec(partialSums(4, "")).Cases[0], *Dev),
            Names{"partial"});
  EXPECT_EQ(undefinedInputs(spec(partialSums(2, "")).Cases[0], *Dev), Names{})
      << "fully written";
  std::vector<std::string> Hints =
      undefinedInputHints(*Base, spec(partialSums(4, "")));
  ASSERT_EQ(Hints.size(), 1u);
  EXPECT_EQ(Hints[0], undefinedInputHint("small", {"partial"}));
}

TEST_F(CpuPoison, ADriversAllocationsHoldThePattern) {
  Spec S = llvm::cantFail(loadSpec(GEVO_TEST_DRIVERS_DIR "/reduce"));
  ASSERT_FALSE(static_cast<bool>(buildDrivers(S, GEVO_TEST_DRIVER_CACHE)));
  CaseSpec C = S.Cases[1];
  C.Driver->Params = R"({"n": 3000, "peek": true})";
  CaseOutcome O = runCase(C, *Dev);
  ASSERT_EQ(O.S, Status::Ok) << O.Message;
  ASSERT_EQ(O.Outputs.size(), 2u);
  Bytes Want(O.Outputs[1].size());
  fillPoison(Want.data(), Want.size());
  EXPECT_EQ(O.Outputs[1], Want);
}

} // namespace
