// The live objective on tiny sizes: configs compiled by gevo-cc and run in
// sandboxed workers on the cpu target, failures classified. Every problem
// is created before any test runs an Engine (TBB threads), since a sandbox
// starts only from a single-threaded process.
#include "ErrorText.h"

#include "gevo/evolve/tune/Compare.h"
#include "gevo/evolve/tune/Live.h"
#include "gevo/harness/Cuda.h"
#include "gevo/harness/Lower.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

#include <map>

using namespace gevo;
using namespace gevo::evolve;
using namespace gevo::evolve::tune;
using nlohmann::json;

namespace {

const char *Tiny = "n=8,k=8,m=8";

struct Problems : ::testing::Environment {
  static std::map<std::string, std::unique_ptr<LiveProblem>> &all() {
    static std::map<std::string, std::unique_ptr<LiveProblem>> P;
    return P;
  }
  static LiveProblem &get(const std::string &Name) { return *all().at(Name); }

  static void add(const std::string &Name, const std::string &Kind,
                  const std::string &Size, const std::string &Source = "") {
    LiveOptions O;
    O.GevoCc = GEVO_CC;
    O.KernelDir = GEVO_OPERATORS_DIR;
    if (!Source.empty())
      O.KernelSource = std::string(GEVO_TUNE_TEST_DATA) + "/" + Source;
    O.Workers = 1;
    llvm::Expected<OperatorShape> Op = parseOperator(Kind, Size);
    ASSERT_TRUE(bool(Op)) << llvm::toString(Op.takeError());
    llvm::Expected<std::unique_ptr<LiveProblem>> P = LiveProblem::create(*Op, O);
    ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
    all()[Name] = std::move(*P);
  }

  void SetUp() override {
    add("matmul", "matmul", Tiny);
    add("bmm_ta", "batch_matmul", "batch=4,n=8,k=4,m=4,trans_a=1");
    add("bmm_tb", "batch_matmul", "batch=4,n=4,k=8,m=8,trans_b=1");
    add("conv", "conv2d", "batch=2,cin=2,h=7,w=7,cout=4,hk=3,wk=3,stride=2,pad=1");
    add("big", "matmul", "n=64,k=4,m=32");
    for (const char *Bad : {"matmul_nosync", "broken", "spin", "oob"})
      add(Bad, "matmul", Tiny, std::string(Bad) + ".cu");
  }
  void TearDown() override { all().clear(); }
};

const auto *Env = ::testing::AddGlobalTestEnvironment(new Problems);

Evaluation measureOne(LiveProblem &P, const json &Values) {
  std::optional<Config> C = P.space().parse(Values);
  EXPECT_TRUE(C) << Values.dump();
  Prepared Pr = P.prepare(*C);
  if (Pr.Failed)
    return *Pr.Failed;
  return P.measure({&Pr}).at(0);
}

std::string errorType(const Evaluation &E) { return E.Detail.value("error_type", ""); }

const json MmConfig = {{"N", {2, 1, 2, 2}}, {"M", {2, 2, 2, 1}}, {"K", {2, 2, 2}}};
const json MmOneThread = {{"N", {4, 2, 1, 1}}, {"M", {2, 1, 1, 4}}, {"K", {1, 4, 2}}};

} // namespace

TEST(Live, AWorkingConfigMatchesTheReference) {
  Evaluation E = measureOne(Problems::get("matmul"), MmConfig);
  ASSERT_EQ(E.S, Status::Ok) << E.Message;
  EXPECT_EQ(errorType(E), "no_error");
  EXPECT_GT(valueOf(E, false), 0);
  // The default metric is the warp-level model's predicted time.
  EXPECT_EQ(valueOf(E, false), E.Detail.at("modeled_seconds").get<double>());
  EXPECT_GT(E.Detail.at("modeled_cost").get<double>(), 0);
  EXPECT_GT(E.CostSeconds, 0);
}

TEST(Live, TransposedBatchesAndConvolutionsMatchTheReference) {
  for (const auto &[Name, V] :
       {std::pair{"bmm_ta", json{{"B", {2, 2}}, {"N", {1, 2, 2, 2}}, {"M", {2, 1, 2, 1}},
                                 {"K", {2, 1, 2}}}},
        {"bmm_tb", json{{"B", {4, 1}}, {"N", {1, 1, 4, 1}}, {"M", {1, 2, 1, 4}},
                        {"K", {1, 2, 4}}}}}) {
    Evaluation E = measureOne(Problems::get(Name), V);
    EXPECT_EQ(E.S, Status::Ok) << Name << ": " << E.Message;
  }
  // Output 4 x 4 x 4; every unroll mode.
  for (int Step : {0, 512})
    for (int Explicit : {0, 1}) {
      json V = {{"Cout", {1, 2, 2, 1}}, {"Hout", {2, 1, 2, 1}}, {"Wout", {1, 2, 1, 2}},
                {"Cin", {1, 2}},        {"Hk", {3, 1}},         {"Wk", {1, 3}},
                {"auto_unroll_max_step", Step}, {"unroll_explicit", Explicit}};
      Evaluation E = measureOne(Problems::get("conv"), V);
      EXPECT_EQ(E.S, Status::Ok) << V.dump() << ": " << E.Message;
    }
}

// Each is found before the sandbox would start.
TEST(Live, BadOptionsAndSpacesAreOneLineErrors) {
  OperatorShape Op = llvm::cantFail(parseOperator("matmul", Tiny));
  LiveOptions O;
  O.GevoCc = GEVO_CC;
  O.KernelDir = GEVO_OPERATORS_DIR;
  O.Metric = "fast";
  EXPECT_EQ(errorText(LiveProblem::create(Op, O)),
            "unknown live metric 'fast' (modeled, count, time)");
  O.Metric = "modeled";
  O.Workers = 0;
  EXPECT_EQ(errorText(LiveProblem::create(Op, O)),
            "the live objective needs at least one worker and one repeat");
  O.Workers = 1;
  O.GevoCc = "/nonexistent/gevo-cc";
  EXPECT_EQ(errorText(LiveProblem::create(Op, O)),
            "cannot run gevo-cc '/nonexistent/gevo-cc'");
  O.GevoCc = GEVO_CC;
  Space Other = llvm::cantFail(operatorSpace(llvm::cantFail(parseOperator("matmul", "MM1"))));
  EXPECT_EQ(errorText(LiveProblem::create(Op, O, Other)),
            "the space's parameters are not those of matmul k=8,m=8,n=8 (N factorization "
            "of 8 in 4, M factorization of 8 in 4, K factorization of 8 in 3)");
}

TEST(Live, TooManyThreadsIsClassifiedBeforeCompiling) {
  LiveProblem &P = Problems::get("big");
  Evaluation E = measureOne(P, {{"N", {1, 1, 64, 1}}, {"M", {1, 1, 32, 1}}, {"K", {1, 1, 4}}});
  EXPECT_EQ(E.S, Status::NotApplicable);
  EXPECT_EQ(errorType(E), "instantiation_error");
  EXPECT_EQ(E.Message, "threads per block = 2048 > 1024");
  EXPECT_EQ(E.CostSeconds, 0);
  EXPECT_EQ(P.compiles(), 0u);
}

TEST(Live, MissingBarrierIsAWrongAnswer) {
  LiveProblem &P = Problems::get("matmul_nosync");
  Evaluation E = measureOne(P, MmConfig);
  // Threads read tiles others have not written yet: undefined on a GPU.
  EXPECT_TRUE(E.S == Status::Uninitialized || E.S == Status::Race)
      << statusName(E.S);
  EXPECT_EQ(errorType(E), "wrong_answer");
  EXPECT_NE(E.Message.find("shared memory"), std::string::npos) << E.Message;
  // A block of one thread needs no barrier.
  EXPECT_EQ(measureOne(P, MmOneThread).S, Status::Ok);
}

TEST(Live, FailuresFollowTheNoseTaxonomy) {
  Evaluation Broken = measureOne(Problems::get("broken"), MmConfig);
  EXPECT_EQ(Broken.S, Status::CompileFail);
  EXPECT_EQ(errorType(Broken), "compile_host");
  EXPECT_NE(Broken.Message.find("error"), std::string::npos) << Broken.Message;
  Evaluation Spin = measureOne(Problems::get("spin"), MmConfig);
  EXPECT_EQ(Spin.S, Status::Timeout) << Spin.Message;
  EXPECT_EQ(errorType(Spin), "run_timeout");
  Evaluation Oob = measureOne(Problems::get("oob"), MmConfig);
  EXPECT_EQ(Oob.S, Status::OobWrite) << Oob.Message;
  EXPECT_EQ(errorType(Oob), "runtime_device");
}

TEST(Live, CompilesAreCachedAndModeledCostsMemoised) {
  LiveProblem &P = Problems::get("matmul");
  Evaluation First = measureOne(P, MmOneThread);
  size_t Compiles = P.compiles(), Hits = P.compileHits();
  Evaluation Again = measureOne(P, MmOneThread);
  EXPECT_EQ(P.compiles(), Compiles);
  EXPECT_EQ(P.compileHits(), Hits + 1);
  EXPECT_EQ(Again.Objectives, First.Objectives);
  EXPECT_EQ(Again.CostSeconds, First.CostSeconds);
}

TEST(Live, TuningRunsAreDeterministic) {
  LiveProblem &P = Problems::get("matmul");
  std::vector<double> Curves[2];
  for (auto &Curve : Curves) {
    RunOptions O;
    O.Strategy = "opevo";
    O.Seed = 3;
    O.Limit.Evaluations = 6;
    RunResult R = llvm::cantFail(runTuner(P, O));
    EXPECT_EQ(R.Trials, 6u);
    EXPECT_FALSE(std::isnan(R.BestValue));
    Curve = R.BestSoFar;
  }
  EXPECT_EQ(Curves[0], Curves[1]);
}

TEST(Live, TheKernelsAreValidPtx) {
  std::optional<CudaToolkit> Cuda = findCudaToolkit();
  if (!Cuda || Cuda->Ptxas.empty() || Cuda->Libdevice.empty())
    GTEST_SKIP() << "no CUDA toolkit with ptxas and libdevice";
  for (const auto &[Name, V] : {std::pair{"matmul", MmConfig},
                                {"conv", json{{"Cout", {1, 2, 2, 1}}, {"Hout", {2, 1, 2, 1}},
                                              {"Wout", {1, 2, 1, 2}}, {"Cin", {1, 2}},
                                              {"Hk", {3, 1}}, {"Wk", {1, 3}},
                                              {"auto_unroll_max_step", 512},
                                              {"unroll_explicit", 1}}}}) {
    LiveProblem &P = Problems::get(Name);
    Prepared Pr = P.prepare(*P.space().parse(V));
    ASSERT_FALSE(Pr.Failed);
    // The payload: compile header, request header, bitcode.
    size_t Second = Pr.Payload.find('\n', Pr.Payload.find('\n') + 1);
    std::string Bitcode = Pr.Payload.substr(Second + 1);
    llvm::LLVMContext Ctx;
    auto Buf = llvm::MemoryBuffer::getMemBuffer(Bitcode, "k", false);
    auto M = llvm::parseBitcodeFile(Buf->getMemBufferRef(), Ctx);
    ASSERT_TRUE(bool(M));
    PtxOptions Opts;
    Opts.LibdevicePath = Cuda->Libdevice;
    auto Ptx = lowerToPTX(**M, Opts);
    ASSERT_TRUE(bool(Ptx)) << llvm::toString(Ptx.takeError());
    llvm::Error E = checkPtx(*Ptx, *Cuda, Opts.Arch);
    EXPECT_FALSE(bool(E)) << llvm::toString(std::move(E));
  }
}
