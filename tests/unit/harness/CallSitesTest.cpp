//===- CallSitesTest.cpp - PTX call-site numbers do not leak across calls -===//

#include "CallSites.h"

#include "gtest/gtest.h"

using namespace gevo;

namespace {

bool noSymbols(llvm::StringRef) { return false; }

TEST(CallSitesTest, RenumbersInOrderOfAppearance) {
  EXPECT_EQ(renumberCallSites("{ // callseq 41, 0\n} // callseq 41\n"
                              "{ // callseq 7, 0\nprototype_7 : .callprototype\n"
                              "call (r), f, (p), prototype_7;\n} // callseq 7\n",
                              noSymbols),
            "{ // callseq 0, 0\n} // callseq 0\n"
            "{ // callseq 1, 0\nprototype_1 : .callprototype\n"
            "call (r), f, (p), prototype_1;\n} // callseq 1\n");
}

TEST(CallSitesTest, LeavesOtherNamesAlone) {
  auto IsSymbol = [](llvm::StringRef Name) { return Name == "prototype_3"; };
  EXPECT_EQ(renumberCallSites("call my_prototype_5; call prototype_3; "
                              "call prototype_9x; // callseq 12",
                              IsSymbol),
            "call my_prototype_5; call prototype_3; "
            "call prototype_9x; // callseq 0");
}

} // namespace
