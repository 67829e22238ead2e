//===- CoverageTest.cpp - Every libdevice name is in the table ------------===//

#include "Libdevice.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

using namespace gevo::cpu;

namespace {

std::set<std::string> declaredInClangHeader() {
  std::ifstream In(GEVO_CLANG_LIBDEVICE_DECLARES);
  std::stringstream Text;
  Text << In.rdbuf();
  std::string S = Text.str();
  std::set<std::string> Names;
  std::regex Name("__nv_[A-Za-z0-9_]+");
  for (auto It = std::sregex_iterator(S.begin(), S.end(), Name);
       It != std::sregex_iterator(); ++It)
    Names.insert(It->str());
  return Names;
}

TEST(LibdeviceCoverage, EveryClangDeclarationIsInTheTable) {
  std::set<std::string> Names = declaredInClangHeader();
  // The header declares ~430 functions; a short list means a bad parse.
  ASSERT_GT(Names.size(), 400u) << GEVO_CLANG_LIBDEVICE_DECLARES;
  for (const std::string &Name : Names)
    EXPECT_NE(findLibdeviceSymbol(Name), nullptr) << Name;
}

TEST(LibdeviceCoverage, EveryLibdeviceBitcodeFunctionIsInTheTable) {
  if (!std::ifstream(GEVO_LIBDEVICE_BC))
    GTEST_SKIP() << "no CUDA: " << GEVO_LIBDEVICE_BC << " is missing";
  llvm::LLVMContext Context;
  llvm::SMDiagnostic Err;
  std::unique_ptr<llvm::Module> M =
      llvm::parseIRFile(GEVO_LIBDEVICE_BC, Err, Context);
  ASSERT_TRUE(M) << Err.getMessage().str();
  unsigned Defined = 0;
  for (const llvm::Function &F : *M) {
    if (F.isDeclaration() || !F.getName().starts_with("__nv_"))
      continue;
    ++Defined;
    EXPECT_NE(findLibdeviceSymbol(F.getName()), nullptr) << F.getName().str();
  }
  EXPECT_GT(Defined, 300u);
}

TEST(LibdeviceTable, IsSortedWithoutDuplicates) {
  llvm::ArrayRef<RuntimeSymbol> Table = libdeviceSymbols();
  ASSERT_FALSE(Table.empty());
  for (size_t I = 1; I < Table.size(); ++I)
    EXPECT_LT(std::strcmp(Table[I - 1].Name, Table[I].Name), 0)
        << Table[I - 1].Name << " / " << Table[I].Name;
  for (const RuntimeSymbol &S : Table)
    EXPECT_NE(S.Address, nullptr) << S.Name;
}

TEST(LibdeviceTable, FindsNamesAndRejectsUnknownOnes) {
  for (const char *Name : {"__nv_abs", "__nv_expf", "__nv_ynf", "__nv_popc",
                           "__nv_fsqrt_rn", "__nv_vsubus4"})
    EXPECT_NE(findLibdeviceSymbol(Name), nullptr) << Name;
  for (const char *Name :
       {"", "__nv_", "__nv_expff", "expf", "__nv_zzz", "__nv_aaa"})
    EXPECT_EQ(findLibdeviceSymbol(Name), nullptr) << Name;
}

} // namespace
