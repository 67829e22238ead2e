//===- PlanRunnerTest.cpp - The launch-plan interpreter on a fake device ----===//

#include "FakeDevice.h"

#include "gevo/harness/Poison.h"

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

std::vector<int32_t> ints(const Bytes &B) {
  std::vector<int32_t> V(B.size() / 4);
  std::memcpy(V.data(), B.data(), B.size());
  return V;
}

/// A case over the given buffers whose one step changes nothing (inc of
/// zero elements), with the given outputs.
CaseSpec passive(const std::string &Buffers, const std::string &Outputs) {
  return parseCase(R"({"name": "p", "buffers": {)" + Buffers + R"(},
    "steps": [{"launch": "inc", "grid": 1, "block": 1,
               "args": ["n", {"i32": 0}]}],
    "outputs": [)" + Outputs + "]}");
}

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

TEST(PlanRunner, UndeclaredBuffersArePoisonAndFillZeroIsZeros) {
  FakeDevice D;
  CaseOutcome O =
      runCase(passive(R"("n": {"type": "i32", "count": 2},
                         "z": {"type": "i32", "count": 2, "init": {"fill": 0}})",
                      R"("n", "z")"),
              D);
  ASSERT_EQ(O.S, Status::Ok) << O.Message;
  int32_t Poison = int32_t(PoisonWord);
  EXPECT_EQ(ints(O.Outputs[0]), (std::vector<int32_t>{Poison, Poison}));
  EXPECT_EQ(ints(O.Outputs[1]), (std::vector<int32_t>{0, 0}));
}

TEST(PlanRunner, MultisetOutputsAreComparedSorted) {
  CaseSpec C = passive(
      R"("n": {"type": "i32", "count": 1, "init": {"fill": 0}},
         "a": {"type": "i32", "count": 3, "init": {"values": [3, 1, 2]}},
         "b": {"type": "i32", "count": 3, "init": {"values": [2, 3, 1]}},
         "c": {"type": "i32", "count": 3, "init": {"values": [1, 2, 4]}},
         "x": {"type": "f32", "count": 3, "init": {"values": [1, 2, 3]}},
         "y": {"type": "f32", "count": 3, "init": {"values": [3, 1, 2.5]}})",
      R"({"buffer": "a", "compare": "multiset"},
         {"buffer": "b", "compare": "multiset"},
         {"buffer": "c", "compare": "multiset"}, "b",
         {"buffer": "x", "compare": "multiset"},
         {"buffer": "y", "compare": "multiset"})");
  FakeDevice D;
  CaseOutcome O = runCase(C, D);
  ASSERT_EQ(O.S, Status::Ok) << O.Message;
  const std::vector<Bytes> &Out = O.Outputs;
  EXPECT_EQ(ints(Out[0]), (std::vector<int32_t>{1, 2, 3}));
  EXPECT_EQ(outputError(ElemType::I32, Out[0], Out[1], Metric::Exact), 0)
      << "equal under permutation";
  EXPECT_EQ(outputError(ElemType::I32, Out[0], Out[2], Metric::Exact), 1)
      << "another multiset";
  EXPECT_DOUBLE_EQ(outputError(ElemType::I32, Out[0], Out[2], Metric::MaxAbs), 1);
  EXPECT_EQ(ints(Out[3]), (std::vector<int32_t>{2, 3, 1})) << "elementwise";
  // Sorted, then the metric: {1, 2, 3} against {1, 2.5, 3}.
  EXPECT_DOUBLE_EQ(outputError(ElemType::F32, Out[4], Out[5], Metric::MaxAbs), 0.5);
  EXPECT_DOUBLE_EQ(
      outputError(ElemType::F32, Out[4], Out[5], Metric::MismatchFraction),
      1.0 / 3);
}

TEST(PlanRunner, CountedOutputsIgnoreElementsPastTheCount) {
  CaseSpec C = passive(
      R"("n": {"type": "u64", "count": 2, "init": {"values": [2, 9]}},
         "a": {"type": "i32", "count": 4, "init": {"values": [6, 5, 7, 8]}},
         "b": {"type": "i32", "count": 4, "init": {"values": [6, 5, 1, 2]}})",
      R"({"buffer": "a", "count": "n"}, {"buffer": "b", "count": "n"},
         {"buffer": "b", "count": "n", "compare": "multiset"})");
  FakeDevice D;
  CaseOutcome O = runCase(C, D);
  ASSERT_EQ(O.S, Status::Ok) << O.Message;
  EXPECT_EQ(ints(O.Outputs[0]), (std::vector<int32_t>{6, 5}));
  EXPECT_EQ(O.Outputs[0], O.Outputs[1]);
  EXPECT_EQ(ints(O.Outputs[2]), (std::vector<int32_t>{5, 6}));
  // A different count: the lengths differ, an error under every metric.
  Bytes Three = O.Outputs[0];
  Three.resize(12);
  for (Metric M : {Metric::Exact, Metric::MaxAbs, Metric::MismatchFraction})
    EXPECT_GT(outputError(ElemType::I32, O.Outputs[0], Three, M), 0);
}

TEST(PlanRunner, ACountOutsideItsBufferIsAWrongOutput) {
  for (const char *N : {"5", "-1"}) {
    CaseSpec C = passive(
        std::string(R"("n": {"type": "i32", "count": 1, "init": {"fill": )") +
            N + R"(}}, "a": {"type": "f32", "count": 4})",
        R"({"buffer": "a", "count": "n"})");
    FakeDevice D;
    CaseOutcome O = runCase(C, D);
    EXPECT_EQ(O.S, Status::WrongOutput) << N;
    EXPECT_EQ(O.Message, "output 'a': its count 'n' is " + std::string(N) +
                             ", outside [0, 4]");
    EXPECT_TRUE(D.Mem.empty());
  }
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

TEST(PlanRunner, ACooperativeLaunchOnATargetWithoutThemIsACrashSayingSo) {
  CaseSpec C = parseCase(R"({"name": "g",
    "buffers": {"a": {"type": "i32", "count": 1, "init": {"fill": 0}}},
    "steps": [{"launch": "inc", "grid": 1, "block": 1, "cooperative": true,
               "args": ["a", {"i32": 1}]}],
    "outputs": ["a"]})");
  FakeDevice D;
  CaseOutcome O = runCase(C, D);
  EXPECT_EQ(O.S, Status::Crash);
  EXPECT_EQ(O.Message,
            "a cooperative launch of 'inc': this target has no cooperative "
            "launches");
  EXPECT_TRUE(D.Mem.empty());
}

/// reduce_sum writes sum[0, Grid), inc reads hits before it writes them.
std::string dependent(unsigned Grid, const std::string &HitsInit,
                      const std::string &Name = "small") {
  return R"({"name": ")" + Name + R"(", "buffers": {
      "in": {"type": "f32", "count": 4, "init": {"fill": 1}},
      "sum": {"type": "f32", "count": 2},
      "hits": {"type": "i32", "count": 2)" + HitsInit + R"(}},
    "steps": [
      {"launch": "reduce_sum", "grid": )" + std::to_string(Grid) +
         R"(, "block": 1, "args": ["in", "sum", {"u32": 4}]},
      {"launch": "inc", "grid": 1, "block": 1, "args": ["hits", {"i32": 2}]}],
    "outputs": ["sum", "hits"]})";
}

TEST(ForwardingDevice, PassesEveryCallOnTheScheduleIncluded) {
  struct Ordered : FakeDevice {
    bool Reversed = false;
    bool reverseSchedule(bool Reverse) override {
      Reversed = Reverse;
      return true;
    }
  } Fake;
  ForwardingDevice W(Fake);
  uint64_t A = 0;
  ASSERT_EQ(W.alloc(4, A), "");
  EXPECT_EQ(W.write(A, Bytes{1, 2, 3, 4}), "");
  Bytes Back;
  EXPECT_EQ(W.read(A, Back), "");
  EXPECT_EQ(Back, (Bytes{1, 2, 3, 4}));
  EXPECT_EQ(W.setConstant("c", Bytes{9}), "");
  EXPECT_EQ(Fake.Constants.at("c"), Bytes{9});
  EXPECT_TRUE(W.reverseSchedule(true)); // a wrapper leaves the order to the target
  EXPECT_TRUE(Fake.Reversed);
  W.launch("nothing", {1, 1, 1}, {2, 1, 1}, 0, {});
  EXPECT_EQ(Fake.Log, std::vector<std::string>{"nothing 2"});
  EXPECT_EQ(W.release(A), "");
  EXPECT_EQ(W.release(A), "double free");
}

TEST(InitCheck, NamesTheUndefinedBuffersTheOutcomeDependsOn) {
  FakeDevice D;
  using Names = std::vector<std::string>;
  EXPECT_EQ(undefinedInputs(parseCase(dependent(2, "")), D), Names{"hits"});
  EXPECT_EQ(undefinedInputs(parseCase(dependent(2, R"(, "init": {"fill": 0})")), D),
            Names{});
  EXPECT_EQ(undefinedInputs(parseCase(dependent(1, "")), D),
            (Names{"sum", "hits"}))
      << "sum[1] is never written";
  EXPECT_TRUE(D.Mem.empty());
  EXPECT_EQ(undefinedInputHint("small", {"out"}),
            "case 'small': the outputs depend on the initial contents of "
            "buffer 'out', declared without \"init\" (a GPU leaves it "
            "undefined); if the host zeroes it, give it \"init\": {\"fill\": 0}");
  EXPECT_EQ(undefinedInputHint("c", {"a", "b"}),
            "case 'c': the outputs depend on the initial contents of buffers "
            "'a', 'b', declared without \"init\" (a GPU leaves them "
            "undefined); if the host zeroes them, give each \"init\": "
            "{\"fill\": 0}");
}

TEST(InitCheck, EveryCaseOfASpecAndNeverADriverOrAFailingCase) {
  auto S = parseSpec("{\"cases\": [" + dependent(2, "") + "], \"heldout\": [" +
                         dependent(2, R"(, "init": {"fill": 0})", "large") +
                         "]}",
                     "spec.json", ".");
  ASSERT_TRUE(static_cast<bool>(S)) << llvm::toString(S.takeError());
  FakeDevice D;
  std::vector<std::string> Hints = undefinedInputHints(*S, D);
  ASSERT_EQ(Hints.size(), 1u);
  EXPECT_EQ(Hints[0].rfind("case 'small': ", 0), 0u) << Hints[0];
  // A driver's allocations are its own business: nothing runs.
  CaseSpec Driver;
  Driver.Driver = DriverSpec();
  D.Log.clear();
  EXPECT_TRUE(undefinedInputs(Driver, D).empty());
  EXPECT_TRUE(D.Log.empty());
  // A base that fails either way is reported where it runs, not here.
  CaseSpec Failing = parseCase(R"({"name": "f",
    "buffers": {"a": {"type": "i32", "count": 1}},
    "steps": [{"launch": "boom", "grid": 1, "block": 1, "args": ["a"]}],
    "outputs": ["a"]})");
  EXPECT_TRUE(undefinedInputs(Failing, D).empty());
}

} // namespace
