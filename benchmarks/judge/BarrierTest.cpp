//===- BarrierTest.cpp - Every barrier of the suite, deleted, is judged ---===//
//
// For each corpus kernel and Rodinia-style app, every block barrier
// (barrier0 and its forms, barrier.sync) is deleted on its own and the
// variant runs on the evaluation and held-out cases through the Evaluator
// with the default judge. A barrier whose deletion still passes must be one
// the kernel does not need: unneeded-barriers.txt lists them (function and
// the barrier's place in it), each with the reason, reviewed by hand. Any
// other deletion passing means the judge missed a race; a listed one failing
// means the judge (or the kernel) changed.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"

#include "gevo/harness/Evaluator.h"
#include "gevo/passes/Edit.h"
#include "gevo/passes/Mutator.h"
#include "gevo/passes/Uid.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

using namespace llvm;
using namespace gevo;

namespace {

/// A barrier by its function and its place among the function's barriers
/// ("lud_diagonal#2"), and its UID.
struct Barrier {
  std::string Place, Uid;
};

bool isBlockBarrier(const Instruction &I) {
  const auto *Call = dyn_cast<CallInst>(&I);
  const Function *F = Call ? Call->getCalledFunction() : nullptr;
  if (!F)
    return false;
  StringRef Name = F->getName();
  return Name.starts_with("llvm.nvvm.barrier0") ||
         Name.starts_with("llvm.nvvm.barrier.sync") ||
         Name == "llvm.nvvm.bar.sync";
}

std::vector<Barrier> barriers(Module &M) {
  std::vector<Barrier> Out;
  for (Function &F : M) {
    unsigned Ordinal = 0;
    for (Instruction &I : instructions(F))
      if (isBlockBarrier(I))
        Out.push_back({F.getName().str() + "#" + std::to_string(++Ordinal),
                       getUid(I).str()});
  }
  return Out;
}

/// unneeded-barriers.txt: "<kernel> <function>#<n>  <reason>" per line.
std::map<std::string, std::set<std::string>> unneededBarriers() {
  std::map<std::string, std::set<std::string>> Out;
  auto Buf = MemoryBuffer::getFile(GEVO_UNNEEDED_BARRIERS);
  if (!Buf) {
    ADD_FAILURE() << "cannot read " GEVO_UNNEEDED_BARRIERS;
    return Out;
  }
  SmallVector<StringRef, 64> Lines;
  (*Buf)->getBuffer().split(Lines, '\n');
  for (StringRef Line : Lines) {
    Line = Line.trim();
    if (Line.empty() || Line.starts_with("#"))
      continue;
    auto [Kernel, Rest] = Line.split(' ');
    Out[Kernel.str()].insert(Rest.trim().split(' ').first.str());
  }
  return Out;
}

/// \p Base without the barrier \p Uid, as bitcode.
std::string withoutBarrier(const Module &Base, const std::string &Uid) {
  std::unique_ptr<Module> M = CloneModule(Base);
  auto Edits = cantFail(parseEdits("delete " + Uid));
  ApplyReport Report = applyEdits(*M, Edits);
  EXPECT_EQ(Report.Applied, 1u) << Uid;
  EXPECT_FALSE(verifyModule(*M, &errs()));
  return bitcodeOf(*M);
}

class BarrierDeletion : public ::testing::TestWithParam<judge::Kernel> {};

TEST_P(BarrierDeletion, PassesOnlyWhereTheBarrierIsNotNeeded) {
  const judge::Kernel &K = GetParam();
  LLVMContext Ctx;
  SMDiagnostic Diag;
  std::unique_ptr<Module> Base = parseIRFile(K.IR, Diag, Ctx);
  ASSERT_TRUE(Base) << K.IR << ": " << Diag.getMessage().str();
  nameInstructions(*Base);
  std::vector<Barrier> Barriers = barriers(*Base);
  if (Barriers.empty())
    GTEST_SKIP() << K.Name << " has no block barrier";
  auto S = loadSpec(K.Tests);
  ASSERT_TRUE(bool(S)) << toString(S.takeError());
  EvalOptions O;
  O.DriverCacheDir = GEVO_DRIVER_CACHE;
  auto E = Evaluator::create(*Base, *S, O);
  ASSERT_TRUE(bool(E)) << toString(E.takeError());
  std::vector<std::string> Variants;
  for (const Barrier &B : Barriers)
    Variants.push_back(withoutBarrier(*Base, B.Uid));
  std::vector<VariantEval> Cases = (*E)->evaluate(Variants);
  std::vector<VariantEval> HeldOut = (*E)->evaluate(Variants, true);
  std::set<std::string> Passed;
  for (size_t I = 0; I < Barriers.size(); ++I) {
    const VariantEval &V = Cases[I].S != Status::Ok ? Cases[I] : HeldOut[I];
    std::printf("%s %s (%s): %s %s\n", K.Name.c_str(),
                Barriers[I].Place.c_str(), Barriers[I].Uid.c_str(),
                std::string(statusName(V.S)).c_str(), V.Message.c_str());
    if (V.S == Status::Ok)
      Passed.insert(Barriers[I].Place);
  }
  EXPECT_EQ(Passed, unneededBarriers()[K.Name])
      << "barrier deletions of " << K.Name
      << " that pass differ from unneeded-barriers.txt";
}

std::string testName(const ::testing::TestParamInfo<judge::Kernel> &Info) {
  std::string Name = Info.param.Name;
  for (char &C : Name)
    if (!isalnum(static_cast<unsigned char>(C)))
      C = '_';
  return Name;
}

INSTANTIATE_TEST_SUITE_P(Suite, BarrierDeletion,
                         ::testing::ValuesIn(judge::kernels(GEVO_SOURCE_DIR,
                                                            GEVO_BINARY_DIR)),
                         testName);

} // namespace
