//===- SpecTest.cpp - spec.json parsing, contents, comparison ---------------===//

#include "SpecText.h"

#include "gevo/harness/Plan.h"
#include "gevo/harness/Poison.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>

using namespace gevo;
using gevo::test::parseErr;
using gevo::test::parseOk;

namespace {

// The worked example of harness/README.md.
const char *Example = R"({
  "cases": [{
    "name": "small",
    "buffers": {
      "in":   {"type": "f32", "count": 256, "init": {"random": {"seed": 1, "min": -1, "max": 1}}},
      "out":  {"type": "f32", "count": 256},
      "coef": {"type": "f32", "count": 4, "init": {"values": [1, 0.5, 0.25, 0.125]}},
      "flag": {"type": "i32", "count": 1, "init": {"fill": 1}}
    },
    "steps": [
      {"constant": {"symbol": "coef", "buffer": "coef"}},
      {"repeat": 3, "counter": "it", "steps": [
        {"launch": "smooth", "grid": [2], "block": [128], "shared": 512,
         "args": ["in", "out", {"i32": 256}, {"counter": "it"}]},
        {"swap": ["in", "out"]}
      ]},
      {"until_zero": "flag", "max": 10, "steps": [
        {"fill": {"buffer": "flag", "value": 0}},
        {"launch": "check", "grid": 1, "block": [16, 16], "args": ["in", "flag"]}
      ]}
    ],
    "outputs": ["in"],
    "tolerance": {"metric": "max_abs", "max": 1e-5}
  }],
  "heldout": [{
    "name": "large",
    "buffers": {"x": {"type": "u8", "count": 4, "init": {"iota": {"start": 250}}}},
    "steps": [{"launch": "k", "grid": 1, "block": 4, "args": ["x"]}],
    "outputs": ["x"]
  }]
})";

/// The example with one substring replaced.
std::string exampleWith(const std::string &From, const std::string &To) {
  std::string S = Example;
  size_t At = S.find(From);
  EXPECT_NE(At, std::string::npos) << From;
  return S.replace(At, From.size(), To);
}

/// The example with the first case's outputs \p List (a JSON array).
std::string withOutputs(const std::string &List) {
  return exampleWith("\"outputs\": [\"in\"]", "\"outputs\": " + List);
}

/// The example with \p Field added to the held-out case.
std::string withHeldOutField(const std::string &Field) {
  return exampleWith("\"name\": \"large\",",
                     "\"name\": \"large\", " + Field + ",");
}

/// The example with \p Field added to the held-out case's launch.
std::string withHeldOutLaunchField(const std::string &Field) {
  return exampleWith("\"grid\": 1, \"block\": 4,",
                     "\"grid\": 1, \"block\": 4, " + Field + ",");
}

TEST(Spec, TheWorkedExampleParses) {
  Spec S = parseOk(Example);
  ASSERT_EQ(S.Cases.size(), 1u);
  ASSERT_EQ(S.HeldOut.size(), 1u);
  const CaseSpec &C = S.Cases[0];
  EXPECT_EQ(C.Name, "small");
  ASSERT_EQ(C.Buffers.size(), 4u);
  ASSERT_EQ(C.Steps.size(), 3u);
  EXPECT_EQ(C.Steps[0].K, Step::SetConstant);
  const Step &Loop = C.Steps[1];
  EXPECT_EQ(Loop.K, Step::Repeat);
  EXPECT_EQ(Loop.Times.constant().I, 3);
  const Step &L = Loop.Body[0];
  EXPECT_EQ(L.Kernel, "smooth");
  EXPECT_EQ(L.Grid[0].constant().I, 2);
  EXPECT_EQ(L.Grid[1].constant().I, 1);
  EXPECT_EQ(L.Block[0].constant().I, 128);
  EXPECT_EQ(L.Shared.constant().I, 512);
  ASSERT_EQ(L.Args.size(), 4u);
  EXPECT_EQ(L.Args[2].K, ArgSpec::Scalar);
  EXPECT_EQ(L.Args[2].Value.constant().I, 256);
  EXPECT_EQ(L.Args[3].K, ArgSpec::Scalar);
  EXPECT_EQ(L.Args[3].Type, ElemType::I32);
  EXPECT_EQ(L.Args[3].Value.str(), "it");
  EXPECT_EQ(C.Steps[2].Body[1].Block[1].constant().I, 16);
  EXPECT_EQ(C.Tol.M, Metric::MaxAbs);
  EXPECT_DOUBLE_EQ(C.Tol.Max, 1e-5);
  EXPECT_EQ(S.HeldOut[0].Tol.M, Metric::Exact);
}

TEST(Spec, OutputsAreNamesOrObjectsWithAComparison) {
  Spec S =
      parseOk(withOutputs(R"(["in", {"buffer": "out", "compare": "multiset"},
                    {"buffer": "coef", "count": "flag"},
                    {"buffer": "in", "compare": "elementwise"}])"));
  const std::vector<OutputSpec> &O = S.Cases[0].Outputs;
  ASSERT_EQ(O.size(), 4u);
  EXPECT_EQ(O[0].Buffer, "in");
  EXPECT_FALSE(O[0].Multiset);
  EXPECT_EQ(O[0].CountBuffer, "");
  EXPECT_EQ(O[1].Buffer, "out");
  EXPECT_TRUE(O[1].Multiset);
  EXPECT_EQ(O[2].Buffer, "coef");
  EXPECT_EQ(O[2].CountBuffer, "flag");
  EXPECT_FALSE(O[2].Multiset);
  EXPECT_FALSE(O[3].Multiset);
}

TEST(Spec, ACaseMayRunOnTheCpuGateOrTheGpuOnly) {
  Spec S = parseOk(withHeldOutField(R"("target": "gpu")"));
  EXPECT_EQ(S.Cases[0].Where, CaseTarget::Both);
  EXPECT_EQ(S.HeldOut[0].Where, CaseTarget::Gpu);
  EXPECT_TRUE(casesFor(S, /*Gpu=*/false).HeldOut.empty());
  EXPECT_EQ(casesFor(S, /*Gpu=*/false).Cases.size(), 1u);
  EXPECT_EQ(casesFor(S, /*Gpu=*/true).HeldOut.size(), 1u);
  EXPECT_EQ(casesFor(S, /*Gpu=*/true).Cases.size(), 1u);
}

TEST(Spec, ALaunchMayBeCooperative) {
  Spec S = parseOk(withHeldOutLaunchField(R"("cooperative": true)"));
  EXPECT_TRUE(S.HeldOut[0].Steps[0].Cooperative);
  EXPECT_FALSE(S.Cases[0].Steps[1].Body[0].Cooperative);
}

TEST(Spec, BadInputsNameTheFileAndTheField) {
  const std::pair<std::string, std::string> Cases[] = {
      {withHeldOutLaunchField(R"("cooperative": 1)"),
       "heldout[0].steps[0].cooperative: expected true or false"},
      {exampleWith("[\"in\", \"out\", {\"i32\"", "[\"in\", \"outt\", {\"i32\""),
       "t/spec.json: cases[0].steps[1].steps[0].args[1]: unknown buffer 'outt'"},
      {exampleWith("\"shared\": 512", "\"sharde\": 512"),
       "cases[0].steps[1].steps[0].sharde: unknown field 'sharde'"},
      {exampleWith("\"type\": \"u8\"", "\"type\": \"u9\""),
       "heldout[0].buffers.x.type: unknown type 'u9'"},
      {exampleWith("\"outputs\": [\"x\"]", "\"outputz\": [\"x\"]"),
       "heldout[0].outputz: unknown field"},
      {exampleWith("[1, 0.5, 0.25, 0.125]", "[1, 0.5]"),
       "cases[0].buffers.coef.init.values: has 2 values, count is 4"},
      {exampleWith("[16, 16]", "[64, 32]"),
       "block: a block holds at most 1024 threads, not 2048"},
      {exampleWith("{\"counter\": \"it\"}", "{\"counter\": \"jt\"}"),
       "no enclosing loop has a counter named 'jt'"},
      {exampleWith("\"max_abs\"", "\"max_abz\""), "unknown metric 'max_abz'"},
      {withHeldOutField(R"("target": 1)"), "heldout[0].target:"},
      {withHeldOutField(R"("target": "tpu")"),
       "heldout[0].target: expected \"cpu\", \"gpu\" or \"both\", got 'tpu'"},
      {withOutputs(R"([{"buffer": "in", "compare": "sorted"}])"),
       "cases[0].outputs[0].compare: unknown comparison 'sorted' (expected "
       "elementwise, multiset)"},
      {withOutputs(R"([{"buffer": "in", "count": "coef"}])"),
       "cases[0].outputs[0].count: buffer 'coef' is f32; a count needs an "
       "integer type"},
      {withOutputs(R"([{"buffer": "in", "count": "n"}])"),
       "cases[0].outputs[0].count: unknown buffer 'n'"},
      {withOutputs(R"([{"buffer": "flag", "count": "flag"}])"),
       "cases[0].outputs[0].count: an output cannot be its own count"},
      {withOutputs(R"([{"buffer": "in", "sort": true}])"),
       "cases[0].outputs[0].sort: unknown field 'sort'"},
      {withOutputs(R"([{"count": "flag"}])"),
       "cases[0].outputs[0]: missing field 'buffer'"},
      {withOutputs(R"([7])"),
       "cases[0].outputs[0]: expected a buffer name or {\"buffer\", "
       "\"compare\", \"count\"}"},
      {exampleWith("\"name\": \"large\"", "\"name\": \"small\""),
       "heldout[0].name: a case named 'small' already exists"},
      {exampleWith("{\"launch\": \"k\",", "{\"launhc\": \"k\","),
       "heldout[0].steps[0]: expected one of launch"},
      {"{\"cases\": [", "t/spec.json: not valid JSON"},
      {"{\"cases\": []}", "t/spec.json: cases: needs at least one case"},
  };
  for (auto &[Text, Want] : Cases) {
    std::string Got = parseErr(Text);
    EXPECT_NE(Got.find(Want), std::string::npos) << "want: " << Want
                                                  << "\ngot:  " << Got;
    EXPECT_EQ(Got.find('\n'), std::string::npos) << Got;
  }
}

TEST(Spec, FileBuffersMustHoldExactlyTheirElements) {
  auto Dir = std::filesystem::temp_directory_path() / "gevo-spec-test";
  std::filesystem::create_directories(Dir);
  std::ofstream(Dir / "data.bin", std::ios::binary).write("\1\0\0\0\2\0\0\0", 8);
  std::string Text = R"({"cases": [{"name": "f", "buffers": {
      "d": {"type": "i32", "count": COUNT, "init": {"file": "data.bin"}}},
      "steps": [{"launch": "k", "grid": 1, "block": 1, "args": ["d"]}],
      "outputs": ["d"]}]})";
  auto With = [&](const char *N) {
    return std::string(Text).replace(Text.find("COUNT"), 5, N);
  };
  Spec S = parseOk(With("2"), Dir.string());
  Bytes B = llvm::cantFail(initialContents(S.Cases[0].Buffers[0]));
  int32_t V[2];
  std::memcpy(V, B.data(), 8);
  EXPECT_EQ(V[0], 1);
  EXPECT_EQ(V[1], 2);
  auto Short = parseSpec(With("3"), "t/spec.json", Dir.string());
  ASSERT_FALSE(static_cast<bool>(Short));
  EXPECT_NE(llvm::toString(Short.takeError()).find("holds 8 bytes, 3 i32 elements need 12"),
            std::string::npos);
  std::filesystem::remove_all(Dir);
}

TEST(Spec, FileBuffersReadTextAndRawWithOffsetAndCount) {
  auto Dir = std::filesystem::temp_directory_path() / "gevo-spec-text-test";
  std::filesystem::create_directories(Dir);
  // A Rodinia-style input: its sizes first, then the values.
  std::ofstream(Dir / "in.txt") << "3 2\n1.5, -2\t0x10\n7 8\n";
  std::ofstream(Dir / "in.bin", std::ios::binary)
      .write("\xff\xff\1\0\0\0\2\0\0\0", 10);
  std::string Text = R"({"cases": [{"name": "f", "buffers": {
      "t": {"type": "f32", "count": 5, "init": {"file": {"path": "in.txt",
            "format": "text", "offset": 2, "count": 4}}},
      "r": {"type": "i32", "count": 3, "init": {"file": {"path": "in.bin",
            "offset": 2, "count": 2}}}},
      "steps": [{"launch": "k", "grid": 1, "block": 1, "args": ["t", "r"]}],
      "outputs": ["t"]}]})";
  Spec S = parseOk(Text, Dir.string());
  Bytes T = llvm::cantFail(initialContents(S.Cases[0].Buffers[0]));
  float F[5];
  std::memcpy(F, T.data(), sizeof F);
  EXPECT_EQ(F[0], 1.5f);
  EXPECT_EQ(F[1], -2.0f);
  EXPECT_EQ(F[2], 16.0f);
  EXPECT_EQ(F[3], 7.0f);
  EXPECT_EQ(F[4], 0.0f); // past count: zero
  Bytes R = llvm::cantFail(initialContents(S.Cases[0].Buffers[1]));
  int32_t I[3];
  std::memcpy(I, R.data(), sizeof I);
  EXPECT_EQ(I[0], 1);
  EXPECT_EQ(I[1], 2);
  EXPECT_EQ(I[2], 0);
  auto Err = [&](const std::string &From, const std::string &To) {
    std::string Bad = Text;
    Bad.replace(Bad.find(From), From.size(), To);
    auto Got = parseSpec(Bad, "t/spec.json", Dir.string());
    EXPECT_FALSE(static_cast<bool>(Got));
    return Got ? std::string() : llvm::toString(Got.takeError());
  };
  EXPECT_NE(Err("\"offset\": 2, \"count\": 4", "\"offset\": 4, \"count\": 4")
                .find("has 7 values, 8 needed"),
            std::string::npos);
  EXPECT_NE(Err("\"format\": \"text\"", "\"format\": \"csv\"")
                .find("expected raw or text, not 'csv'"),
            std::string::npos);
  EXPECT_NE(Err("\"offset\": 2, \"count\": 2", "\"offset\": 4, \"count\": 2")
                .find("holds 10 bytes, 4 skipped and 2 i32 elements need 12"),
            std::string::npos);
  EXPECT_NE(Err("\"count\": 4}", "\"count\": 6}").find("do not fit in 5"),
            std::string::npos);
  std::ofstream(Dir / "in.txt") << "1 2 x3 4 5 6\n";
  EXPECT_NE(Err("\"offset\": 2", "\"offset\": 0")
                .find("value 3 ('x3') is not a number"),
            std::string::npos);
  std::filesystem::remove_all(Dir);
}

TEST(Contents, GeneratorsAreDeterministicAndInRange) {
  Spec S = parseOk(Example);
  const BufferSpec &In = S.Cases[0].Buffers[0];
  Bytes A = llvm::cantFail(initialContents(In));
  EXPECT_EQ(A, llvm::cantFail(initialContents(In)));
  ASSERT_EQ(A.size(), 256 * 4u);
  float Min = 2, Max = -2;
  for (size_t I = 0; I < 256; ++I) {
    float F;
    std::memcpy(&F, A.data() + 4 * I, 4);
    Min = std::min(Min, F);
    Max = std::max(Max, F);
  }
  EXPECT_GE(Min, -1.0f);
  EXPECT_LT(Max, 1.0f);
  EXPECT_LT(Min, -0.5f); // spread over the range, not constant
  Bytes Iota = llvm::cantFail(initialContents(S.HeldOut[0].Buffers[0]));
  EXPECT_EQ(Iota, (Bytes{250, 251, 252, 253}));
  BufferSpec Other = In;
  Other.Init.Seed = 2;
  EXPECT_NE(A, llvm::cantFail(initialContents(Other)));
}

TEST(Contents, UndefinedBuffersHoldPoisonAndFillZeroGivesZeros) {
  EXPECT_EQ(BufferInit().K, BufferInit::Undefined);
  Spec S = parseOk(R"({"cases": [{"name": "p", "buffers": {
      "f": {"type": "f32", "count": 3}, "b": {"type": "u8", "count": 5},
      "d": {"type": "f64", "count": 1}, "z": {"type": "i32", "count": 2,
      "init": {"fill": 0}}},
      "steps": [{"launch": "k", "grid": 1, "block": 1, "args": ["f"]}],
      "outputs": ["f"]}]})");
  const std::vector<BufferSpec> &B = S.Cases[0].Buffers;
  Bytes F = llvm::cantFail(initialContents(B[0]));
  ASSERT_EQ(F.size(), 12u);
  for (size_t I = 0; I < 3; ++I) {
    uint32_t Word;
    float Value;
    std::memcpy(&Word, F.data() + 4 * I, 4);
    std::memcpy(&Value, F.data() + 4 * I, 4);
    EXPECT_EQ(Word, PoisonWord);
    EXPECT_TRUE(std::isnan(Value));
  }
  EXPECT_EQ(llvm::cantFail(initialContents(B[1])),
            (Bytes{0xA5, 0xA5, 0xA5, 0x7F, 0xA5}));
  Bytes D = llvm::cantFail(initialContents(B[2]));
  uint64_t Long;
  std::memcpy(&Long, D.data(), 8);
  EXPECT_EQ(Long, 0x7FA5A5A57FA5A5A5u);
  EXPECT_EQ(llvm::cantFail(initialContents(B[3])), Bytes(8, 0));
}

Bytes floats(std::initializer_list<float> L) {
  Bytes B(L.size() * 4);
  std::memcpy(B.data(), L.begin(), B.size());
  return B;
}

TEST(Contents, SortElementsOrdersByValueWithNaNsLast) {
  float Nan = std::nanf("");
  Bytes F = floats({3, Nan, -1, 0.0f, -0.0f, 2});
  sortElements(ElemType::F32, F);
  float Got[6];
  std::memcpy(Got, F.data(), sizeof(Got));
  EXPECT_EQ(Got[0], -1);
  EXPECT_TRUE(Got[1] == 0 && !std::signbit(Got[1])) << "+0 (bits 0) first";
  EXPECT_TRUE(Got[2] == 0 && std::signbit(Got[2]));
  EXPECT_EQ(Got[3], 2);
  EXPECT_EQ(Got[4], 3);
  EXPECT_TRUE(std::isnan(Got[5]));
  Bytes I8{uint8_t(-3), 7, 0, uint8_t(-128)};
  sortElements(ElemType::I8, I8);
  EXPECT_EQ(I8, (Bytes{uint8_t(-128), uint8_t(-3), 0, 7}));
  Bytes Empty;
  sortElements(ElemType::F64, Empty);
  EXPECT_TRUE(Empty.empty());
}

TEST(OutputError, EachMetric) {
  Bytes Want = floats({1, 2, 4, -8});
  Bytes Got = floats({1, 2.5f, 4, -8.5f});
  EXPECT_EQ(outputError(ElemType::F32, Want, Want, Metric::Exact), 0);
  EXPECT_EQ(outputError(ElemType::F32, Want, Got, Metric::Exact), 1);
  EXPECT_DOUBLE_EQ(outputError(ElemType::F32, Want, Got, Metric::MaxAbs), 0.5);
  EXPECT_DOUBLE_EQ(outputError(ElemType::F32, Want, Got, Metric::MaxRel), 0.25);
  EXPECT_DOUBLE_EQ(outputError(ElemType::F32, Want, Got, Metric::MismatchFraction), 0.5);
  Bytes Nan = floats({1, 2, 4, std::nanf("")});
  EXPECT_TRUE(std::isinf(outputError(ElemType::F32, Want, Nan, Metric::MaxAbs)));
  EXPECT_EQ(outputError(ElemType::F32, Nan, Nan, Metric::MaxAbs), 0);
  EXPECT_TRUE(std::isinf(outputError(ElemType::F32, Want, floats({1}), Metric::MaxAbs)));
}

} // namespace

namespace {

/// Kernel names a list of steps launches, recursively.
void launchedKernels(const std::vector<Step> &Steps, std::set<std::string> &Out) {
  for (const Step &S : Steps) {
    if (S.K == Step::Launch)
      Out.insert(S.Kernel);
    launchedKernels(S.Body, Out);
  }
}

TEST(CorpusSpecs, EachParsesAndLaunchesKernelsOfItsSource) {
  std::filesystem::path Corpus = GEVO_CORPUS_SOURCE_DIR;
  unsigned Specs = 0;
  for (const auto &Dir : std::filesystem::directory_iterator(Corpus / "tests")) {
    std::string Kernel = Dir.path().filename().string();
    auto S = loadSpec(Dir.path().string());
    ASSERT_TRUE(static_cast<bool>(S)) << llvm::toString(S.takeError());
    EXPECT_GE(S->Cases.size(), 2u) << Kernel;
    EXPECT_GE(S->HeldOut.size(), 1u) << Kernel;
    std::ifstream Src(Corpus / (Kernel + ".cu"));
    std::string Text((std::istreambuf_iterator<char>(Src)), {});
    ASSERT_FALSE(Text.empty()) << "no source for " << Kernel;
    std::set<std::string> Names;
    for (const CaseSpec &C : S->Cases)
      launchedKernels(C.Steps, Names);
    for (const std::string &N : Names)
      EXPECT_NE(Text.find(" " + N + "("), std::string::npos)
          << Kernel << " launches unknown kernel " << N;
    ++Specs;
  }
  EXPECT_EQ(Specs, 7u);
}

} // namespace
