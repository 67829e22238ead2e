//===- CaseBudgetTest.cpp - A case's launches share one budget ------------===//
//
// A variant whose launch costs far more than the base's whole case is a
// timeout, decided by modeled cost (deterministic, immediate) even when
// every thread stays inside its own step budget.
//
//===----------------------------------------------------------------------===//

#include "ReductionVariants.h"

#include "gevo/harness/Evaluator.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace gevo;
using namespace llvm;

namespace {

/// One thread counts to Scale x n, then stores the count.
std::string spinKernel(int Scale) {
  return R"(target triple = "nvptx64-nvidia-cuda"
define void @spin(ptr %out, i32 %n) {
entry:
  %limit = mul i32 %n, )" +
         std::to_string(Scale) + R"(
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %next = add i32 %i, 1
  %done = icmp sge i32 %next, %limit
  br i1 %done, label %exit, label %loop
exit:
  store i32 %next, ptr %out
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @spin, !"kernel", i32 1}
)";
}

constexpr const char *SpinSpec = R"({"cases": [{"name": "count",
  "buffers": {"out": {"type": "i32", "count": 1}},
  "steps": [{"launch": "spin", "grid": [1], "block": [1],
             "args": ["out", {"i32": 1000}]}],
  "outputs": ["out"]}]})";

TEST(CaseBudget, ALaunchCostingFarMoreThanTheBaseCaseIsATimeout) {
  SmallString<128> Dir;
  ASSERT_FALSE(sys::fs::createUniqueDirectory("gevo-case-budget", Dir));
  {
    std::error_code EC;
    raw_fd_ostream OS((Dir + "/spec.json").str(), EC);
    ASSERT_FALSE(EC);
    OS << SpinSpec;
  }
  auto S = loadSpec(std::string(Dir));
  ASSERT_TRUE(bool(S)) << toString(S.takeError());
  LLVMContext Ctx;
  SMDiagnostic Diag;
  std::unique_ptr<Module> Base = parseAssemblyString(spinKernel(1), Diag, Ctx);
  std::unique_ptr<Module> Slow = parseAssemblyString(spinKernel(1000), Diag, Ctx);
  ASSERT_TRUE(Base && Slow) << Diag.getMessage().str();

  EvalOptions O;
  O.Workers = 1;
  O.ThreadCostLimit = uint64_t(1) << 32; // far beyond the slow variant
  auto E = Evaluator::create(*Base, *S, O);
  ASSERT_TRUE(bool(E)) << toString(E.takeError());
  std::vector<VariantEval> R =
      (*E)->evaluate({bitcodeOf(*Base), bitcodeOf(*Slow)});
  EXPECT_EQ(R[0].S, Status::Ok) << R[0].Message;
  EXPECT_EQ(R[1].S, Status::Timeout) << R[1].Message;
  EXPECT_NE(R[1].Message.find("cost over 16x the base's"), std::string::npos)
      << R[1].Message;
  sys::fs::remove_directories(Dir);
}

} // namespace
