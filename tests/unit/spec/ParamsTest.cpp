//===- ParamsTest.cpp - Parameters, expressions and drawn cases -----------===//

#include "FakeDevice.h"
#include "SpecText.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

using namespace gevo;
using gevo::test::parseErr;
using gevo::test::parseOk;

namespace {

/// A host loop in the shape of Rodinia's lud: a shrinking grid, a derived
/// argument, an inner loop whose count depends on the outer counter.
const char *Shrinking = R"({
  "params": {"n": 48, "tile": 16, "tiles": "n / tile"},
  "vary": {"n": {"min": 16, "max": 256, "step": 16}},
  "cases": [{
    "name": "lud",
    "buffers": {"a": {"type": "i32", "count": "n", "init": {"fill": 0}},
                "c": {"type": "i32", "count": 1, "init": {"fill": "tiles"}}},
    "steps": [{"repeat": "tiles", "counter": "it", "steps": [
      {"launch": "inc", "grid": "tiles - it", "block": ["tile", 1],
       "args": ["a", {"expr": "n - tile*it"}]},
      {"repeat": "it", "counter": "j", "steps": [
        {"launch": "addc", "grid": 1, "block": 1,
         "args": ["c", {"i32": "2*j + 1"}]}]}
    ]}],
    "outputs": ["a", "c"]
  }, {
    "name": "big", "params": {"n": 64},
    "buffers": {"a": {"type": "i32", "count": "n"}},
    "steps": [{"launch": "inc", "grid": 1, "block": "tile", "args": ["a", {"i32": 0}]}],
    "outputs": ["a"]
  }]
})";

TEST(Params, SizesAndGridsComeFromParameters) {
  Spec S = parseOk(Shrinking);
  ASSERT_EQ(S.Cases.size(), 2u);
  const CaseSpec &C = S.Cases[0];
  EXPECT_EQ(C.Params.at("tiles").I, 3);
  EXPECT_EQ(C.Buffers[0].Count, 48u);
  EXPECT_EQ(C.Buffers[1].Init.Value, 3);
  const Step &Loop = C.Steps[0];
  EXPECT_EQ(Loop.Times.constant().I, 3);
  EXPECT_EQ(Loop.Body[0].Grid[0].str(), "(3 - it)");
  EXPECT_EQ(Loop.Body[0].Block[0].constant().I, 16);
  // A case's own parameters override the spec's; derived ones follow.
  EXPECT_EQ(S.Cases[1].Buffers[0].Count, 64u);
  EXPECT_EQ(S.Cases[1].Params.at("tiles").I, 4);
  ASSERT_EQ(S.Vary.size(), 1u);
  EXPECT_EQ(S.Vary[0].Name, "n");
  EXPECT_EQ(S.Vary[0].Step, 16);
}

TEST(Params, TheLoopRunsWithCounterExpressions) {
  Spec S = parseOk(Shrinking);
  FakeDevice D;
  CaseOutcome O = runCase(S.Cases[0], D);
  ASSERT_EQ(O.S, Status::Ok) << O.Message;
  // Grids of 3, 2, 1 blocks of 16 threads; inc of n - 16 it elements.
  std::vector<std::string> Inc;
  for (const std::string &L : D.Log)
    if (L.rfind("inc", 0) == 0)
      Inc.push_back(L);
  EXPECT_EQ(Inc, (std::vector<std::string>{"inc 48", "inc 32", "inc 16"}));
  std::vector<int32_t> A(48);
  std::memcpy(A.data(), O.Outputs[0].data(), 48 * 4);
  EXPECT_EQ(A[0], 3);
  EXPECT_EQ(A[20], 2);
  EXPECT_EQ(A[40], 1);
  // c = tiles + (1) + (1 + 3): the inner loop ran 0, 1, 2 times.
  EXPECT_EQ(FakeDevice::i32(O.Outputs[1]), 3 + 1 + 1 + 3);
}

TEST(Params, AValueOutOfRangeAtRunTimeNamesTheStepAndTheCounters) {
  Spec S = parseOk(R"({"params": {"n": 2},
    "cases": [{"name": "c", "buffers": {"a": {"type": "i32", "count": 1}},
      "steps": [{"repeat": 3, "counter": "it", "steps": [
        {"launch": "inc", "grid": "n - it", "block": 1, "args": ["a", {"i32": 0}]}]}],
      "outputs": ["a"]}]})");
  FakeDevice D;
  CaseOutcome O = runCase(S.Cases[0], D);
  EXPECT_EQ(O.S, Status::Crash);
  EXPECT_EQ(O.Message, "t/spec.json: cases[0].steps[0].steps[0].grid[0]: "
                       "'n - it' is 0 at it=2, outside [1, 4294967295]");
  EXPECT_EQ(D.Log.size(), 2u);

  Spec Div = parseOk(R"({"cases": [{"name": "c",
      "buffers": {"a": {"type": "i32", "count": 1}},
      "steps": [{"repeat": 2, "counter": "it", "steps": [
        {"launch": "inc", "grid": 1, "block": 1, "args": ["a", {"i32": "4 / it"}]}]}],
      "outputs": ["a"]}]})");
  O = runCase(Div.Cases[0], D);
  EXPECT_EQ(O.S, Status::Crash);
  EXPECT_EQ(O.Message, "t/spec.json: cases[0].steps[0].steps[0].args[1]: "
                       "'4 / it' divides by zero");
}

TEST(Params, BadParametersAndExpressionsAreOneLineErrors) {
  std::string Case = R"("cases": [{"name": "c",
      "buffers": {"a": {"type": "i32", "count": COUNT}},
      "steps": [{"launch": "inc", "grid": 1, "block": 1, "args": ["a", {"i32": 0}]}],
      "outputs": ["a"]}])";
  auto With = [&](const std::string &Top, const std::string &Count) {
    std::string C = Case;
    C.replace(C.find("COUNT"), 5, Count);
    return "{" + Top + C + "}";
  };
  EXPECT_EQ(parseErr(With(R"("params": {"n": 4},)", "\"m*2\"")),
            "t/spec.json: cases[0].buffers.a.count: in 'm*2': unknown name "
            "'m' (known: n) at column 1");
  EXPECT_EQ(parseErr(With(R"("params": {"n": 4},)", "\"n - 4\"")),
            "t/spec.json: cases[0].buffers.a.count: a buffer needs at least "
            "one element");
  EXPECT_EQ(parseErr(With(R"("params": {"n": 4},)", "\"n - 5\"")),
            "t/spec.json: cases[0].buffers.a.count: 'n - 5' is -1, expected a "
            "non-negative integer");
  EXPECT_EQ(parseErr(With(R"("params": {"2n": 4},)", "1")),
            "t/spec.json: params.2n: '2n' is not a parameter name (letters, "
            "digits and _, not starting with a digit; not min or max)");
  EXPECT_EQ(parseErr(With(R"("params": {"a": "b", "b": 1},)", "1")),
            "t/spec.json: params.a: in 'b': unknown name 'b' (known: none) at "
            "column 1");
  EXPECT_EQ(parseErr(With(R"("vary": {"n": {"min": 1, "max": 2}},)", "1")),
            "t/spec.json: vary.n: 'n' is not a spec-wide parameter (declare it "
            "in \"params\" with the value cases take by default)");
  EXPECT_EQ(
      parseErr(With(
          R"("params": {"n": 4}, "vary": {"n": {"min": 3, "max": 2}},)", "1")),
      "t/spec.json: vary.n: min is above max");
  EXPECT_EQ(
      parseErr(With(R"("params": {"n": 4}, "vary": {"n": {"min": 3}},)", "1")),
      "t/spec.json: vary.n: missing field 'max'");
  EXPECT_EQ(parseErr(R"({"params": {"n": 4}, "cases": [{"name": "c",
      "buffers": {"a": {"type": "i32", "count": 1}},
      "steps": [{"repeat": 2, "counter": "n", "steps": [
        {"launch": "k", "grid": 1, "block": 1}]}], "outputs": ["a"]}]})"),
            "t/spec.json: cases[0].steps[0].counter: 'n' is a parameter; give "
            "the counter another name");
  EXPECT_EQ(parseErr(R"({"params": {"n": 4}, "cases": [{"name": "c",
      "buffers": {"a": {"type": "i32", "count": 1}},
      "steps": [{"launch": "k", "grid": "n - 4", "block": 1}], "outputs": ["a"]}]})"),
            "t/spec.json: cases[0].steps[0].grid: 'n - 4' is 0, must be "
            "between 1 and 2^32-1");
  EXPECT_EQ(parseErr(R"({"params": {"n": 4}, "cases": [{"name": "c",
      "buffers": {"a": {"type": "i32", "count": 1}},
      "steps": [{"launch": "k", "grid": 1, "block": ["n*16", "n*16"]}], "outputs": ["a"]}]})"),
            "t/spec.json: cases[0].steps[0].block: a block holds at most 1024 "
            "threads, not 4096");
}

TEST(Params, DrawnCasesAreDeterministicAndInRange) {
  Spec S = parseOk(Shrinking);
  auto A = llvm::cantFail(drawCases(S, 6, 1));
  auto B = llvm::cantFail(drawCases(S, 6, 1));
  auto C = llvm::cantFail(drawCases(S, 6, 2));
  ASSERT_EQ(A.size(), 6u);
  std::vector<std::string> NamesA, NamesB, NamesC;
  std::set<std::string> Distinct;
  for (size_t I = 0; I < A.size(); ++I) {
    NamesA.push_back(A[I].Name);
    NamesB.push_back(B[I].Name);
    NamesC.push_back(C[I].Name);
    Distinct.insert(A[I].Name);
    int64_t N = A[I].Params.at("n").I;
    EXPECT_TRUE(N >= 16 && N <= 256 && N % 16 == 0) << N;
    EXPECT_EQ(A[I].Params.at("tiles").I, N / 16) << "derived from the drawn n";
    EXPECT_EQ(A[I].Buffers[0].Count, size_t(N));
    // Round robin over the cases, named after the one drawn from.
    EXPECT_EQ(A[I].Name,
              std::string(I % 2 ? "big" : "lud") + "@n=" + std::to_string(N));
  }
  EXPECT_EQ(NamesA, NamesB);
  EXPECT_NE(NamesA, NamesC);
  EXPECT_EQ(Distinct.size(), A.size());
  EXPECT_TRUE(llvm::cantFail(drawCases(parseOk(R"({"cases": [{"name": "c",
      "buffers": {"a": {"type": "i32", "count": 1}},
      "steps": [{"launch": "k", "grid": 1, "block": 1}], "outputs": ["a"]}]})"),
                                       4, 1))
                  .empty())
      << "nothing declared, nothing drawn";
}

TEST(Params, ADrawnCaseTheSpecRejectsNamesItsValues) {
  Spec S = parseOk(R"({"params": {"n": 32},
    "vary": {"n": {"values": [8]}},
    "cases": [{"name": "c",
      "buffers": {"a": {"type": "i32", "count": "n - 8"}},
      "steps": [{"launch": "k", "grid": 1, "block": 1}], "outputs": ["a"]}]})");
  auto D = drawCases(S, 1, 1);
  ASSERT_FALSE(static_cast<bool>(D));
  EXPECT_EQ(llvm::toString(D.takeError()),
            "drawn case 'c@n=8': t/spec.json: cases[0].buffers.a.count: a "
            "buffer needs at least one element (narrow the range in \"vary\" "
            "to sizes the case supports)");
}

TEST(Params, RealRangesAndValueLists) {
  Spec S = parseOk(R"({"params": {"x": 0.5, "k": 1},
    "vary": {"x": {"min": 0.25, "max": 0.75}, "k": {"values": [1, 3]}},
    "cases": [{"name": "c",
      "buffers": {"a": {"type": "f32", "count": "k", "init": {"fill": "x"}}},
      "steps": [{"launch": "k", "grid": 1, "block": 1}], "outputs": ["a"]}]})");
  auto D = llvm::cantFail(drawCases(S, 8, 3));
  ASSERT_FALSE(D.empty());
  for (const CaseSpec &C : D) {
    double X = C.Params.at("x").D;
    EXPECT_FALSE(C.Params.at("x").Int);
    EXPECT_TRUE(X >= 0.25 && X <= 0.75) << X;
    EXPECT_EQ(C.Buffers[0].Init.Value, X);
    EXPECT_TRUE(C.Buffers[0].Count == 1 || C.Buffers[0].Count == 3);
  }
}

TEST(Params, DominantMatricesOfAnySize) {
  for (int N : {1, 7, 32}) {
    Spec S = parseOk(R"({"params": {"n": )" + std::to_string(N) + R"(},
      "cases": [{"name": "c",
        "buffers": {"a": {"type": "f32", "count": "n * n",
                          "init": {"dominant": {"seed": "n"}}}},
        "steps": [{"launch": "k", "grid": 1, "block": 1}], "outputs": ["a"]}]})");
    Bytes A = llvm::cantFail(initialContents(S.Cases[0].Buffers[0]));
    for (int Row = 0; Row < N; ++Row) {
      double Off = 0;
      for (int Col = 0; Col < N; ++Col)
        if (Col != Row) {
          double X = elementAt(ElemType::F32, A, Row * N + Col);
          EXPECT_TRUE(X >= -1 && X < 1) << X;
          Off += std::fabs(X);
        }
      EXPECT_GT(elementAt(ElemType::F32, A, Row * N + Row), Off) << Row;
    }
  }
  std::string Case = R"({"cases": [{"name": "c", "buffers": {"a": BUF},
      "steps": [{"launch": "k", "grid": 1, "block": 1}], "outputs": ["a"]}]})";
  auto With = [&](const std::string &Buf) {
    std::string C = Case;
    return C.replace(C.find("BUF"), 3, Buf);
  };
  EXPECT_EQ(
      parseErr(With(
          R"({"type": "f32", "count": 12, "init": {"dominant": {"seed": 1}}})")),
      "t/spec.json: cases[0].buffers.a.init.dominant: a dominant matrix "
      "needs a square count, not 12");
  EXPECT_EQ(
      parseErr(With(
          R"({"type": "i32", "count": 9, "init": {"dominant": {"seed": 1}}})")),
      "t/spec.json: cases[0].buffers.a.init.dominant: a dominant matrix "
      "needs f32 or f64 elements");
}

TEST(Params, DriverCasesGetTheSpecsParametersAndTheDrawnOnes) {
  auto S = parseSpec(R"({"params": {"n": 100, "scale": 2},
    "vary": {"n": {"values": [7]}},
    "cases": [{"name": "d", "driver": "driver.cpp",
               "params": {"n": 3000, "label": "x"}}]})",
                     "t/spec.json", GEVO_TEST_DRIVERS_DIR "/reduce");
  ASSERT_TRUE(static_cast<bool>(S)) << llvm::toString(S.takeError());
  EXPECT_EQ(S->Cases[0].Driver->Params, R"({"n":3000,"label":"x","scale":2})");
  auto D = llvm::cantFail(drawCases(*S, 1, 1));
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].Name, "d@n=7");
  EXPECT_EQ(D[0].Driver->Params, R"({"n":7,"label":"x","scale":2})");
  EXPECT_TRUE(D[0].Driver->HeldOut);
}

} // namespace
