//===- PlanRunnerTest.cpp - The launch-plan interpreter on a fake device ----===//

#include "FakeDevice.h"

#include <gtest/gtest.h>

using namespace gevo;

namespace {

CaseSpec parseCase(const std::string &Json) {
  auto S = parseSpec("{\"cases\": [" + Json + "]}", "spec.json", ".");
  if (!S) {
    ADD_FAILURE() << llvm::toString(S.takeError());
    return CaseSpec();
  }
  return S->Cases[0];
}

int32_t firstInt(const Bytes &B) { return FakeDevice::i32(B); }

TEST(PlanRunner, RepeatCountersSwapsAndOutputs) {
  CaseSpec C = parseCase(R"({"name": "c",
    "buffers": {"a": {"type": "i32", "count": 4, "init": {"iota": {}}},
                "b": {"type": "i32", "count": 4},
                "k": {"type": "f32", "count": 2, "init": {"fill": 3}}},
    "steps": [
      {"constant": {"symbol": "coef", "buffer": "k"}},
      {"repeat": 4, "counter": "i", "steps": [
        {"launch": "addc", "grid": 1, "block": 1, "args": ["a", {"counter": "i"}]}]},
      {"copy": {"from": "a", "to": "b"}},
      {"launch": "inc", "grid": 2, "block": [2, 2], "args": ["b", {"i32": 4}]},
      {"swap": ["a", "b"]},
      {"fill": {"buffer": "b", "value": 9}}
    ],
    "outputs": ["a", "b"]})");
  FakeDevice D;
  CaseOutcome O = runCase(C, D);
  ASSERT_EQ(O.S, Status::Ok) << O.Message;
  // a = iota + (0+1+2+3) at [0]; b = a + 1; swapped; then b filled with 9.
  ASSERT_EQ(O.Outputs.size(), 2u);
  EXPECT_EQ(firstInt(O.Outputs[0]), 7);
  EXPECT_EQ(FakeDevice::i32(Bytes(O.Outputs[0].begin() + 4, O.Outputs[0].end())), 2);
  EXPECT_EQ(firstInt(O.Outputs[1]), 9);
  EXPECT_EQ(O.Launches, 5u);
  EXPECT_DOUBLE_EQ(O.KernelSeconds, 2.5);
  EXPECT_EQ(O.ModeledCost, 50u);
  EXPECT_EQ(D.Log.back(), "inc 8");
  EXPECT_EQ(D.Constants.at("coef").size(), 8u);
  EXPECT_TRUE(D.Mem.empty()) << "every buffer is released";
}

TEST(PlanRunner, UntilZeroStopsWhenTheFlagClearsOrAtTheCap) {
  auto Case = [](int Start, int Max) {
    return parseCase(R"({"name": "u",
      "buffers": {"flag": {"type": "i32", "count": 1, "init": {"fill": 1}},
                  "state": {"type": "i32", "count": 1, "init": {"fill": )" +
                     std::to_string(Start) + R"(}}},
      "steps": [{"until_zero": "flag", "max": )" + std::to_string(Max) +
                     R"(, "steps": [
        {"launch": "countdown", "grid": 1, "block": 1, "args": ["flag", "state"]}]}],
      "outputs": ["state"]})");
  };
  FakeDevice D;
  CaseOutcome O = runCase(Case(5, 100), D);
  EXPECT_EQ(O.S, Status::Ok);
  EXPECT_EQ(O.Launches, 5u);
  EXPECT_EQ(firstInt(O.Outputs[0]), 0);
  O = runCase(Case(50, 3), D);
  EXPECT_EQ(O.Launches, 3u);
  EXPECT_EQ(firstInt(O.Outputs[0]), 47);
}

TEST(PlanRunner, AFaultingLaunchEndsTheCaseWithItsStatus) {
  CaseSpec C = parseCase(R"({"name": "f",
    "buffers": {"a": {"type": "i32", "count": 1}},
    "steps": [{"launch": "boom", "grid": 1, "block": 1, "args": ["a"]},
              {"launch": "inc", "grid": 1, "block": 1, "args": ["a", {"i32": 1}]}],
    "outputs": ["a"]})");
  FakeDevice D;
  CaseOutcome O = runCase(C, D);
  EXPECT_EQ(O.S, Status::OobWrite);
  EXPECT_EQ(O.FaultUid, "U7");
  EXPECT_EQ(O.Message, "store out of bounds");
  EXPECT_EQ(O.Launches, 1u);
  EXPECT_TRUE(O.Outputs.empty());
  EXPECT_TRUE(D.Mem.empty());
}

} // namespace
