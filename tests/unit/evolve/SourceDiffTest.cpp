//===- SourceDiffTest.cpp - The best variant's diff, named by source ------===//

#include "gevo/evolve/SourceDiff.h"
#include "gevo/passes/Uid.h"

#include "ParseIR.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace gevo;
using namespace gevo::evolve;

namespace {

/// A kernel with line tables; Body's !dbg refer to !7 (line 2) and !8
/// (line 3), numbered as Renumbered says (the variant's differ, as a
/// deleted instruction renumbers the nodes after it).
std::string kernel(const std::string &Dir, const std::string &Body,
                   bool Renumbered) {
  std::string L2 = Renumbered ? "!9" : "!7", L3 = Renumbered ? "!7" : "!8";
  std::string B = Body;
  for (size_t P; (P = B.find("LINE2")) != std::string::npos;)
    B.replace(P, 5, L2);
  for (size_t P; (P = B.find("LINE3")) != std::string::npos;)
    B.replace(P, 5, L3);
  return R"(
define void @k(ptr %p) !dbg !4 {
)" + B + R"(
  ret void
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: ")" +
         Dir + R"(")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, type: !5, unit: !0, spFlags: DISPFlagDefinition)
!5 = !DISubroutineType(types: !6)
!6 = !{}
)" + L2 + R"( = !DILocation(line: 2, column: 3, scope: !4)
)" + L3 + R"( = !DILocation(line: 3, column: 3, scope: !4)
)";
}

class SourceDiff : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("gevo-diff", Dir));
    std::error_code EC;
    llvm::raw_fd_ostream OS((Dir + "/k.cu").str(), EC);
    OS << "__global__ void k(int *p) {\n  p[0] = 1;\n  p[0] = 2;\n}\n";
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  std::unique_ptr<llvm::Module> parse(const std::string &Body, bool Renumbered) {
    auto M = test::parseTestIR(kernel(std::string(Dir), Body, Renumbered), Ctx);
    nameInstructions(*M);
    return M;
  }

  llvm::SmallString<128> Dir;
  llvm::LLVMContext Ctx;
};

const char *const TwoStores = "  store i32 1, ptr %p, !dbg LINE2\n"
                              "  store i32 2, ptr %p, !dbg LINE3";

TEST_F(SourceDiff, ADeletionIsOneLineNamedByItsSourceLine) {
  auto Base = parse(TwoStores, false);
  // The variant: the first store gone, its metadata numbered differently.
  auto Variant = parse("  store i32 2, ptr %p, !dbg LINE3", true);
  setUid(*Variant->getFunction("k")->getEntryBlock().begin(), "U1");
  setUid(*Variant->getFunction("k")->getEntryBlock().getTerminator(), "U2");
  std::string D = sourceDiff(*Base, *Variant, "base.ll", "best/kernel.ll");
  EXPECT_NE(D.find("--- base.ll\n+++ best/kernel.ll\n@@ "), std::string::npos)
      << D;
  EXPECT_NE(D.find("# k.cu:2: p[0] = 1;\n"), std::string::npos) << D;
  EXPECT_NE(D.find("\n-  store i32 1, ptr %p, align 4  ; U0 k.cu:2\n"),
            std::string::npos)
      << D;
  // Only that line changed: no renumbered attachment shows up as a change.
  size_t Changes = 0;
  for (size_t P = D.find("\n@@"); (P = D.find('\n', P + 1)) != std::string::npos;)
    if (P + 1 < D.size() && (D[P + 1] == '-' || D[P + 1] == '+'))
      ++Changes;
  EXPECT_EQ(Changes, 1u) << D;
  EXPECT_EQ(D.find("!dbg"), std::string::npos) << D;
  EXPECT_EQ(D.find("# k.cu:3"), std::string::npos) << D;
}

TEST_F(SourceDiff, AnAdditionIsAPlusLineAndAMissingSourceIsSaid) {
  auto Base = parse("  store i32 2, ptr %p, !dbg LINE3", false);
  auto Variant = parse(TwoStores, true);
  // A copy's UID is derived; the others keep theirs.
  auto I = Variant->getFunction("k")->getEntryBlock().begin();
  setUid(*I, "U0@U1");
  setUid(*++I, "U0");
  setUid(*++I, "U1");
  llvm::sys::fs::remove_directories(Dir);
  std::string D = sourceDiff(*Base, *Variant, "a", "b");
  EXPECT_NE(D.find("\n+  store i32 1, ptr %p, align 4  ; U0@U1 k.cu:2\n "),
            std::string::npos)
      << D;
  EXPECT_NE(D.find("# k.cu:2: (source not found)\n"), std::string::npos) << D;
  EXPECT_EQ(D.find("\n-  "), std::string::npos) << D;
}

TEST_F(SourceDiff, IdenticalCodeIsNoDiff) {
  auto Base = parse(TwoStores, false);
  auto Same = parse(TwoStores, true);
  EXPECT_EQ(sourceDiff(*Base, *Same, "a", "b"), "");
}

} // namespace
