//===- CorpusPropertyTest.cpp - Random edit chains over the corpus ----------===//
//
// Thousands of random edits over every corpus kernel: each mutant verifies,
// and each chain's edit list, printed, parsed and replayed on the base,
// rebuilds the identical module.
//
//===----------------------------------------------------------------------===//

#include "TestIR.h"

#include "gevo/passes/Mutator.h"

#include "llvm/IRReader/IRReader.h"

#include <filesystem>

using namespace gevo;
using namespace gevo::test;
using namespace llvm;

namespace {

std::vector<std::string> corpusFiles() {
  std::vector<std::string> Files;
  for (const auto &E : std::filesystem::directory_iterator(GEVO_CORPUS_DIR))
    if (E.path().extension() == ".ll")
      Files.push_back(E.path().string());
  std::sort(Files.begin(), Files.end());
  return Files;
}

TEST(CorpusProperty, RandomChainsVerifyAndReplay) {
  std::vector<std::string> Files = corpusFiles();
  ASSERT_GE(Files.size(), 7u) << "corpus not built in " << GEVO_CORPUS_DIR;
  unsigned Edits = 0;
  for (const std::string &File : Files) {
    LLVMContext Ctx;
    SMDiagnostic Diag;
    std::unique_ptr<Module> Base = parseIRFile(File, Diag, Ctx);
    ASSERT_TRUE(Base) << File;
    nameInstructions(*Base);
    for (uint64_t Chain = 0; Chain < 100; ++Chain) {
      Rng R(Chain);
      auto M = CloneModule(*Base);
      std::vector<Edit> List;
      for (int Step = 0; Step < 6; ++Step) {
        OpKind Op = allOps()[R.below(allOps().size())];
        std::optional<Edit> E = mutate(*M, Op, R);
        ASSERT_TRUE(E) << File << ": no candidate for " << opName(Op).str();
        List.push_back(*E);
        ASSERT_EQ(verifyErrors(*M), "") << File << "\n" << printEdits(List);
      }
      Edits += List.size();
      auto Parsed = parseEdits(printEdits(List));
      ASSERT_TRUE(static_cast<bool>(Parsed));
      auto Replay = CloneModule(*Base);
      ApplyReport Report = applyEdits(*Replay, *Parsed);
      ASSERT_TRUE(Report.NotApplicable.empty()) << printEdits(List);
      ASSERT_EQ(text(*Replay), text(*M)) << File << "\n" << printEdits(List);
    }
  }
  EXPECT_GE(Edits, 4000u);
}

} // namespace
