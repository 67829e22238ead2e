//===- ReductionVariants.h - Broken variants of the reduction kernel -*- C++ -*-===//
//
// Variants of the corpus kernel reduce_sum for the Evaluator's tests: a
// wrong constant (wrong output), an endless loop, a wild store, a skipped
// output store; and the fixture that loads the kernel and its tests dir.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_TESTS_SANDBOX_REDUCTIONVARIANTS_H
#define GEVO_TESTS_SANDBOX_REDUCTIONVARIANTS_H

#include "ParseIR.h"
#include "ValueOrFail.h"

#include "gevo/harness/Evaluator.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <gtest/gtest.h>

#include <string>

/// An Evaluator of Base on S, or null after a test failure saying why.
inline std::unique_ptr<gevo::Evaluator>
createEvaluator(const llvm::Module &Base, const gevo::Spec &S,
                const gevo::EvalOptions &O) {
  return gevo::test::valueOrFail(gevo::Evaluator::create(Base, S, O));
}

/// The corpus reduction kernel and its tests dir, for Evaluator tests.
class ReductionFixture : public ::testing::Test {
protected:
  void SetUp() override {
    Base = gevo::test::parseTestIRFile(GEVO_CORPUS_DIR "/reduction.ll", Ctx);
    ASSERT_TRUE(Base);
    auto S = gevo::loadSpec(GEVO_CORPUS_SOURCE_DIR "/tests/reduction");
    ASSERT_TRUE(bool(S)) << llvm::toString(S.takeError());
    TheSpec = std::move(*S);
  }

  std::unique_ptr<gevo::Evaluator> create(const gevo::EvalOptions &O) {
    return createEvaluator(*Base, TheSpec, O);
  }

  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> Base;
  gevo::Spec TheSpec;
};

/// The kernel with `add %i, 256` (the second element's index) at 128.
inline std::string reductionWrongConstant(const llvm::Module &Base) {
  using namespace llvm;
  auto M = CloneModule(Base);
  for (Instruction &I : instructions(*M->getFunction("reduce_sum")))
    if (auto *C = dyn_cast<ConstantInt>(I.getOperand(I.getNumOperands() - 1)))
      if (I.getOpcode() == Instruction::Add && C->getZExtValue() == 256) {
        I.setOperand(1, ConstantInt::get(C->getType(), 128));
        return gevo::bitcodeOf(*M);
      }
  ADD_FAILURE() << "no add of 256 in reduce_sum";
  return "";
}

/// The kernel without its last store (thread 0's partial[blockIdx.x]).
inline std::string reductionWithoutOutputStore(const llvm::Module &Base) {
  using namespace llvm;
  auto M = CloneModule(Base);
  StoreInst *Last = nullptr;
  for (Instruction &I : instructions(*M->getFunction("reduce_sum")))
    if (auto *S = dyn_cast<StoreInst>(&I))
      Last = S;
  if (!Last) {
    ADD_FAILURE() << "no store in reduce_sum";
    return "";
  }
  Last->eraseFromParent();
  return gevo::bitcodeOf(*M);
}

/// The kernel with a new entry that jumps into an endless loop, or (with
/// WildStore) stores to address 16 and returns. The loop stores its counter
/// (volatile, to a local): with no effect at all the optimiser would see that
/// it can only end by the step budget and end it at once.
inline std::string reductionBrokenEntry(const llvm::Module &Base,
                                        bool WildStore) {
  using namespace llvm;
  auto M = CloneModule(Base);
  Function *F = M->getFunction("reduce_sum");
  BasicBlock *Old = &F->getEntryBlock();
  auto *Entry = BasicBlock::Create(M->getContext(), "entry", F, Old);
  IRBuilder<> B(Entry);
  if (WildStore) {
    Value *Address = B.CreateIntToPtr(B.getInt64(16), B.getPtrTy());
    B.CreateStore(B.getInt32(7), Address, /*isVolatile=*/true);
    B.CreateRetVoid();
    return gevo::bitcodeOf(*M);
  }
  auto *Spin = BasicBlock::Create(M->getContext(), "spin", F, Old);
  Value *Slot = B.CreateAlloca(B.getInt32Ty());
  B.CreateBr(Spin);
  // The loop counts, so it has a cost for the step budget to see.
  IRBuilder<> S(Spin);
  PHINode *I = S.CreatePHI(S.getInt32Ty(), 2);
  Value *Next = S.CreateAdd(I, S.getInt32(1));
  S.CreateStore(Next, Slot, /*isVolatile=*/true);
  I->addIncoming(S.getInt32(0), Entry);
  I->addIncoming(Next, Spin);
  S.CreateBr(Spin);
  return gevo::bitcodeOf(*M);
}

#endif
