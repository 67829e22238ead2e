//===- OpTest.cpp - The example op, added by the recipe -------------------===//
//
// Built against the passes library with examples/extending/ops/Invert.cpp
// and its Ops.def line (tests/extending/CMakeLists.txt); the passes tests
// run over the same library, the new op among the ones they draw.
//
//===----------------------------------------------------------------------===//

#include "TestIR.h"

#include "gevo/passes/Mutator.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

#include <gtest/gtest.h>

using namespace gevo;
using namespace gevo::test;
using namespace llvm;

namespace {

const char *Kernel = R"(
define i32 @k(i32 %a, float %x) {
  %c = icmp slt i32 %a, 7
  %f = fcmp olt float %x, 1.0
  %both = and i1 %c, %f
  %r = select i1 %both, i32 1, i32 2
  ret i32 %r
}
)";

std::vector<std::string> predicates(Module &M) {
  std::vector<std::string> P;
  for (Instruction &I : instructions(*M.getFunction("k")))
    if (auto *C = dyn_cast<CmpInst>(&I))
      P.push_back(CmpInst::getPredicateName(C->getPredicate()).str());
  return P;
}

TEST(ExtendOp, TheRegistryLineMakesItAnOp) {
  std::optional<OpKind> Op = parseOpName("invert");
  ASSERT_TRUE(Op.has_value());
  EXPECT_EQ(allOps().back(), *Op); // the line was added last
  EXPECT_EQ(opForm(*Op), EditForm::OneUid);
  EXPECT_EQ(opHelp(*Op), "invert the predicate of an integer or floating-point comparison");
  llvm::Expected<Edit> E = parseEdit("invert U3");
  ASSERT_TRUE(bool(E));
  EXPECT_EQ(E->Op, *Op);
  EXPECT_EQ(printEdit(*E), "invert U3");
  EXPECT_FALSE(bool(parseEdit("invert")));
  consumeError(parseEdit("invert").takeError());
}

TEST(ExtendOp, MutatesAComparisonAndReplaysExactly) {
  LLVMContext Ctx;
  auto Base = parseNamed(Kernel, Ctx);
  std::vector<std::string> Before = predicates(*Base);
  ASSERT_EQ(Before, (std::vector<std::string>{"slt", "olt"}));
  auto M = parseNamed(Kernel, Ctx);
  Rng R(3);
  std::optional<Edit> E = mutate(*M, *parseOpName("invert"), R);
  ASSERT_TRUE(E.has_value());
  EXPECT_EQ(verifyErrors(*M), "");
  std::vector<std::string> After = predicates(*M);
  EXPECT_TRUE(After == (std::vector<std::string>{"sge", "olt"}) ||
              After == (std::vector<std::string>{"slt", "uge"}))
      << After[0] << " " << After[1];
  // The text form replays to the same module.
  auto Replay = parseNamed(Kernel, Ctx);
  llvm::Expected<std::vector<Edit>> Parsed = parseEdits(printEdits({*E}));
  ASSERT_TRUE(bool(Parsed));
  EXPECT_EQ(applyEdits(*Replay, *Parsed).Applied, 1u);
  EXPECT_EQ(text(*Replay), text(*M));
}

TEST(ExtendOp, NothingToInvertIsNoEdit) {
  LLVMContext Ctx;
  auto M = parseNamed("define i32 @k(i32 %a) {\n  %b = add i32 %a, 1\n  ret i32 %b\n}\n", Ctx);
  Rng R(1);
  EXPECT_FALSE(mutate(*M, *parseOpName("invert"), R).has_value());
  ApplyReport Report = applyEdits(*M, {cantFail(parseEdit("invert U0"))});
  ASSERT_EQ(Report.NotApplicable.size(), 1u);
  EXPECT_NE(Report.NotApplicable[0].second.find("no comparison U0"), std::string::npos);
}

} // namespace
