//===- MinimiseTest.cpp - Delta debugging, ablation, edit descriptions ----===//

#include "gevo/evolve/Minimise.h"
#include "gevo/passes/Uid.h"

#include "ParseIR.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace gevo;
using namespace gevo::evolve;

namespace {

Edit deleteOf(const std::string &Uid) {
  Edit E;
  E.Op = OpKind::Delete;
  E.Target = Uid;
  return E;
}

bool has(const std::vector<Edit> &L, const std::string &Uid) {
  return std::any_of(L.begin(), L.end(),
                     [&](const Edit &E) { return E.Target == Uid; });
}

/// Valid when U7 is absent; U2 and U5 each make it faster; the rest is noise.
struct Toy {
  unsigned Calls = 0;
  std::vector<std::optional<Objectives>>
  operator()(const std::vector<std::vector<Edit>> &Lists) {
    std::vector<std::optional<Objectives>> Out;
    for (const auto &L : Lists) {
      ++Calls;
      if (has(L, "U7"))
        Out.push_back(std::nullopt);
      else
        Out.push_back(Objectives{10.0 - 3 * has(L, "U2") - 4 * has(L, "U5")});
    }
    return Out;
  }
};

TEST(Minimise, KeepsExactlyTheEditsThatContribute) {
  std::vector<Edit> Edits;
  for (const char *U : {"U1", "U2", "U3", "U4", "U5", "U6", "U8", "U9"})
    Edits.push_back(deleteOf(U));
  Toy Score;
  std::vector<Edit> Min = minimiseEdits(Edits, {3.0}, std::ref(Score));
  ASSERT_EQ(Min.size(), 2u);
  EXPECT_EQ(Min[0].Target, "U2"); // order kept
  EXPECT_EQ(Min[1].Target, "U5");
  EXPECT_LT(Score.Calls, 64u); // far fewer than all subsets
}

TEST(Minimise, SlackLetsNoiseThrough) {
  std::vector<Edit> Edits = {deleteOf("U2"), deleteOf("U5")};
  Toy Score;
  // Without U2 the objective is 6: 2x the target of 3 is within 100% slack.
  EXPECT_EQ(minimiseEdits(Edits, {3.0}, std::ref(Score), 1.0).size(), 1u);
  EXPECT_EQ(minimiseEdits(Edits, {3.0}, std::ref(Score), 0.0).size(), 2u);
}

TEST(Minimise, AnEditNobodyNeedsLeavesTheBase) {
  Toy Score;
  EXPECT_TRUE(minimiseEdits({deleteOf("U1")}, {10.0}, std::ref(Score)).empty());
}

TEST(Ablation, ScoresTheVariantWithoutEachEdit) {
  Toy Score;
  auto A = ablate({deleteOf("U2"), deleteOf("U5"), deleteOf("U1")}, std::ref(Score));
  ASSERT_EQ(A.size(), 3u);
  EXPECT_EQ(*A[0].Without, Objectives{6.0});
  EXPECT_EQ(*A[1].Without, Objectives{7.0});
  EXPECT_EQ(*A[2].Without, Objectives{3.0});
}

TEST(DescribeEdit, NamesTheInstructionItsKindAndPlace) {
  llvm::LLVMContext Ctx;
  auto M = test::parseTestIR(R"(
declare void @llvm.nvvm.barrier0()
define void @k(ptr addrspace(3) %s, i32 %a) {
entry:
  %x = add i32 %a, 1
  store i32 %x, ptr addrspace(3) %s
  call void @llvm.nvvm.barrier0()
  ret void
}
define i32 @g(ptr %p) {
  %y = load i32, ptr %p
  ret i32 %y
}
)",
                             Ctx);
  nameInstructions(*M);
  std::string D = describeEdit(*M, deleteOf("U2"));
  EXPECT_NE(D.find("deleted U2 `call void @llvm.nvvm.barrier0()`"),
            std::string::npos) << D;
  EXPECT_NE(D.find("a barrier"), std::string::npos) << D;
  EXPECT_NE(D.find("%entry of @k"), std::string::npos) << D;
  EXPECT_NE(describeEdit(*M, deleteOf("U1")).find("a shared store"),
            std::string::npos);
  EXPECT_NE(describeEdit(*M, deleteOf("U4")).find("(a load)"),
            std::string::npos)
      << describeEdit(*M, deleteOf("U4"));
  EXPECT_NE(describeEdit(*M, deleteOf("U3@U1")).find("made by an earlier edit"),
            std::string::npos);
}

TEST(DescribeEdit, EachOpSaysWhatItDid) {
  llvm::LLVMContext Ctx;
  auto M = test::parseTestIR(R"(
define i32 @f(i32 %a) {
  %x = add i32 %a, 1
  %y = mul i32 %x, 3
  ret i32 %y
}
)",
                             Ctx);
  nameInstructions(*M);
  auto Described = [&](OpKind Op, std::string Other, unsigned Index = 0) {
    Edit E;
    E.Op = Op;
    E.Target = "U1";
    E.Other = std::move(Other);
    E.OperandIndex = Index;
    return describeEdit(*M, E);
  };
  const char *Mul = "U1 `%y = mul i32 %x, 3`";
  EXPECT_EQ(Described(OpKind::Copy, "U0").rfind(std::string("copied ") + Mul, 0), 0u);
  EXPECT_NE(Described(OpKind::Copy, "U0").find(", placed before U0"), std::string::npos);
  EXPECT_EQ(Described(OpKind::Swap, "U0").rfind(std::string("swapped ") + Mul, 0), 0u);
  std::string Operand = Described(OpKind::Operand, "A0", 1);
  EXPECT_EQ(Operand.rfind(std::string("operand 1 of ") + Mul, 0), 0u) << Operand;
  EXPECT_NE(Operand.find(" now uses A0"), std::string::npos) << Operand;
  for (OpKind Op : allOps())
    EXPECT_EQ(Described(Op, "U0").find('{'), std::string::npos) << opName(Op).str();
}

TEST(DescribeEdit, NamesTheSourceLineWhenTheKernelHasLineTables) {
  // A kernel compiled with line tables (gevo-cc -lineinfo): the edit names
  // the file and line, and quotes the line while the source is readable.
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("gevo-describe", Dir));
  std::string Source = (Dir + "/k.cu").str();
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Source, EC);
    OS << "__global__ void k() {\n  int x = 1;\n    __syncthreads();\n}\n";
  }
  llvm::LLVMContext Ctx;
  auto M = test::parseTestIR(R"(
declare void @llvm.nvvm.barrier0()
define void @k() !dbg !4 {
  call void @llvm.nvvm.barrier0(), !dbg !7
  ret void
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: ")" + std::string(Dir) + R"(")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, type: !5, unit: !0, spFlags: DISPFlagDefinition)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 3, column: 5, scope: !4)
)",
                             Ctx);
  nameInstructions(*M);
  std::string D = describeEdit(*M, deleteOf("U0"));
  EXPECT_NE(D.find(" at k.cu:3 `__syncthreads();`"), std::string::npos) << D;
  llvm::sys::fs::remove_directories(Dir);
  D = describeEdit(*M, deleteOf("U0"));
  EXPECT_NE(D.find(" at k.cu:3"), std::string::npos) << D;
  EXPECT_EQ(D.find('`', D.find(" at k.cu:3")), std::string::npos) << D;
}

TEST(ChooseFinal, OnlyAVariantThatPassesAndIsCheaperThanTheBase) {
  // C[0] the base (cost 100), C[1..3) the front, C[3] the minimised.
  std::vector<HeldOutResult> C = {
      {true, 100}, {false, 60}, {true, 80}, {true, 70}};
  EXPECT_EQ(chooseFinal(C, 3), std::optional<size_t>(3));
  C[3].Passed = false; // the minimised one failed: the first good member
  EXPECT_EQ(chooseFinal(C, 3), std::optional<size_t>(2));
  // A slower, more accurate front member (mode mo) is never the answer.
  C[2].Cost = 120;
  EXPECT_EQ(chooseFinal(C, 3), std::nullopt);
  C[3] = {true, 100}; // as costly as the base is not better
  EXPECT_EQ(chooseFinal(C, 3), std::nullopt);
}

} // namespace
