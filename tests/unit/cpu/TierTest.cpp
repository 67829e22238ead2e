//===- TierTest.cpp - What a JIT tier may and may not change --------------===//
//
// A tier (Options::OptLevel) changes how fast a variant compiles and runs,
// nothing else: random mutants of the reduction end with the same status,
// fault UID, outputs, modeled cost and predicted time at O0 as at O2.
// Programs share their thread's JIT, each with symbols of its own, and one
// outlives another.
//
//===----------------------------------------------------------------------===//

#include "CpuTest.h"

#include "gevo/passes/Mutator.h"
#include "gevo/passes/Uid.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace gevo;
using namespace gevo::cpu;
using namespace gevo::cpu::test;

namespace {

/// What a launch of one mutant shows at one tier.
struct Seen {
  Status S = Status::Ok;
  std::string FaultUid;
  std::vector<float> Out;
  uint64_t ModeledCost = 0;
  double ModeledSeconds = 0;
  bool operator==(const Seen &O) const {
    return S == O.S && FaultUid == O.FaultUid && Out == O.Out &&
           ModeledCost == O.ModeledCost && ModeledSeconds == O.ModeledSeconds;
  }
};

TEST(Tiers, MutantsBehaveTheSameAtO0AsAtO2) {
  llvm::LLVMContext Ctx;
  auto Base = loadCorpus("reduction", Ctx);
  ASSERT_TRUE(Base);
  nameInstructions(*Base);
  const unsigned N = 3000, Block = 256, Blocks = 6;
  DeviceBuffer<float> In(std::vector<float>(N, 1.0f));
  unsigned Ok = 0;
  for (uint64_t Seed = 0; Seed < 60; ++Seed) {
    std::unique_ptr<llvm::Module> M = llvm::CloneModule(*Base);
    Rng R(Seed);
    llvm::ArrayRef<OpKind> Ops = allOps();
    for (uint64_t Edits = 1 + Seed % 3; Edits; --Edits)
      mutate(*M, Ops[R.below(Ops.size())], R);
    Seen At[2];
    for (unsigned Tier : {0u, 1u}) {
      Options Opts;
      Opts.OptLevel = Tier ? 2 : 0;
      Opts.ThreadCostLimit = 1 << 22;
      Opts.Gpu = llvm::cantFail(findGpu("a100"));
      auto P = Program::load(*M, Opts);
      ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
      DeviceBuffer<float> Out(std::vector<float>(Blocks, -1.0f));
      auto Got = (*P)->launchWith("reduce_sum", {{Blocks}, {Block}}, In.get(),
                                  Out.get(), N);
      ASSERT_TRUE(bool(Got)) << llvm::toString(Got.takeError());
      At[Tier] = {Got->S, Got->FaultUid, Out.read(), Got->ModeledCost,
                  Got->ModeledSeconds};
    }
    EXPECT_TRUE(At[0] == At[1])
        << "mutant " << Seed << ": " << statusName(At[0].S) << " "
        << At[0].FaultUid << " cost " << At[0].ModeledCost << " at O0, "
        << statusName(At[1].S) << " " << At[1].FaultUid << " cost "
        << At[1].ModeledCost << " at O2";
    Ok += At[0].S == Status::Ok;
  }
  EXPECT_GT(Ok, 5u); // the comparison covered outputs, not only faults
}

constexpr const char *Counter = R"(
target triple = "nvptx64-nvidia-cuda"
@count = addrspace(1) global i32 0, align 4
define void @bump() {
  %v = load i32, ptr addrspace(1) @count, align 4
  %w = add i32 %v, 1
  store i32 %w, ptr addrspace(1) @count, align 4
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @bump, !"kernel", i32 1}
)";

TEST(Tiers, ProgramsShareTheJitWithSymbolsOfTheirOwn) {
  llvm::LLVMContext Ctx;
  llvm::SMDiagnostic Diag;
  auto M = llvm::parseAssemblyString(Counter, Diag, Ctx);
  ASSERT_TRUE(M) << Diag.getMessage().str();
  Options O = withoutJudge();
  O.OptLevel = 0;
  auto A = loadProgram(*M, O), B = loadProgram(*M, O);
  ASSERT_TRUE(A && B);
  auto Count = [](Program &P) {
    return *static_cast<int *>(llvm::cantFail(P.getSymbol("count")));
  };
  for (Program *P : {A.get(), A.get(), B.get()})
    ASSERT_EQ(llvm::cantFail(P->launchWith("bump", {{1}, {1}})).S, Status::Ok);
  EXPECT_EQ(Count(*A), 2);
  EXPECT_EQ(Count(*B), 1);
  A.reset(); // its code and globals go; B's stay
  auto C = loadProgram(*M, O);
  ASSERT_TRUE(C);
  ASSERT_EQ(llvm::cantFail(B->launchWith("bump", {{1}, {1}})).S, Status::Ok);
  EXPECT_EQ(Count(*B), 2);
  EXPECT_EQ(Count(*C), 0);
}

} // namespace
