//===- MutantTest.cpp - Random mutants never bring the process down -------===//
//
// 300 random mutants (one to three edits each) of the corpus reduction run
// in process with every check on. Each must end with some status; the test
// passes if the process survives them all, and prints the histogram.
//
//===----------------------------------------------------------------------===//

#include "CpuTest.h"

#include "gevo/passes/Mutator.h"
#include "gevo/passes/Uid.h"

#include "llvm/Transforms/Utils/Cloning.h"

#include <map>

using namespace gevo;
using namespace gevo::cpu;
using namespace gevo::cpu::test;

namespace {

/// Status of one mutant of \p Base on the reduction's input.
Status runMutant(const llvm::Module &Base, uint64_t Seed) {
  std::unique_ptr<llvm::Module> M = llvm::CloneModule(Base);
  Rng R(Seed);
  llvm::ArrayRef<OpKind> Ops = allOps();
  for (uint64_t Edits = 1 + Seed % 3; Edits; --Edits)
    mutate(*M, Ops[R.below(Ops.size())], R);
  Options Opts;
  Opts.ThreadCostLimit = 1 << 22;
  auto P = Program::load(*M, Opts);
  if (!P) {
    llvm::consumeError(P.takeError());
    return Status::CompileFail;
  }
  const unsigned N = 3000, Block = 256, Blocks = 6;
  std::vector<float> In(N, 1.0f);
  DeviceBuffer<float> DIn(In), DOut(Blocks);
  auto Result = (*P)->launchWith("reduce_sum", {{Blocks}, {Block}}, DIn.get(),
                                 DOut.get(), N);
  if (!Result) {
    llvm::consumeError(Result.takeError());
    return Status::CompileFail;
  }
  return Result->S;
}

TEST(Mutants, ThreeHundredReductionMutantsRunInProcess) {
  llvm::LLVMContext Ctx;
  auto Base = loadCorpus("reduction", Ctx);
  ASSERT_TRUE(Base);
  nameInstructions(*Base);
  std::map<std::string_view, unsigned> Histogram;
  for (uint64_t Seed = 0; Seed < 300; ++Seed)
    ++Histogram[statusName(runMutant(*Base, Seed))];
  std::string Line;
  for (auto [Name, Count] : Histogram)
    Line += std::string(Name) + "=" + std::to_string(Count) + " ";
  std::cout << "mutant statuses: " << Line << "\n";
  EXPECT_GT(Histogram["ok"], 0u);
}

} // namespace
