//===- MutantTest.cpp - Random mutants never bring the process down -------===//
//
// Random mutants (one to three edits each) of corpus kernels run in process
// with every check on: the reduction (fibers) and switch_ops (a block
// function, its checks hoisted out of the x loop where they can be). Each
// must end with some status; a test passes if the process survives them
// all, and prints the histogram.
//
//===----------------------------------------------------------------------===//

#include "CpuTest.h"

#include "gevo/passes/Mutator.h"
#include "gevo/passes/Uid.h"

#include "llvm/Transforms/Utils/Cloning.h"

#include <functional>
#include <map>

using namespace gevo;
using namespace gevo::cpu;
using namespace gevo::cpu::test;

namespace {

using Launch = std::function<llvm::Expected<LaunchResult>(Program &)>;

/// Status of one mutant of \p Base, launched by \p Run.
Status runMutant(const llvm::Module &Base, uint64_t Seed, const Launch &Run) {
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
  auto Result = Run(**P);
  if (!Result) {
    llvm::consumeError(Result.takeError());
    return Status::CompileFail;
  }
  return Result->S;
}

/// Runs \p Count mutants of corpus kernel \p Name; prints the histogram.
void runMutants(llvm::StringRef Name, uint64_t Count, const Launch &Run) {
  llvm::LLVMContext Ctx;
  auto Base = loadCorpus(Name, Ctx);
  ASSERT_TRUE(Base);
  nameInstructions(*Base);
  std::map<std::string_view, unsigned> Histogram;
  for (uint64_t Seed = 0; Seed < Count; ++Seed)
    ++Histogram[statusName(runMutant(*Base, Seed, Run))];
  std::string Line;
  for (auto [Status, N] : Histogram)
    Line += std::string(Status) + "=" + std::to_string(N) + " ";
  std::cout << Name.str() << " mutant statuses: " << Line << "\n";
  EXPECT_GT(Histogram["ok"], 0u);
}

TEST(Mutants, ThreeHundredReductionMutantsRunInProcess) {
  const unsigned N = 3000, Block = 256, Blocks = 6;
  DeviceBuffer<float> In(std::vector<float>(N, 1.0f)), Out(Blocks);
  runMutants("reduction", 300, [&](Program &P) {
    return P.launchWith("reduce_sum", {{Blocks}, {Block}}, In.get(), Out.get(),
                        N);
  });
}

TEST(Mutants, HundredSwitchOpsMutantsRunInProcess) {
  const int N = 1000;
  std::vector<unsigned char> Codes(N);
  for (int I = 0; I < N; ++I)
    Codes[I] = (I * 7) % 9;
  DeviceBuffer<unsigned char> Ops(Codes);
  DeviceBuffer<float> A(std::vector<float>(N, 1.5f)),
      B(std::vector<float>(N, -0.5f)), Out(N);
  runMutants("switch_ops", 100, [&](Program &P) {
    return P.launchWith("apply_ops", {{8}, {128}}, Ops.get(), A.get(), B.get(),
                        Out.get(), N, 0.75f);
  });
}

} // namespace
