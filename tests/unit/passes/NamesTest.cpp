//===- NamesTest.cpp - The names a user gives a kernel or function --------===//

#include "ValueOrFail.h"

#include "gevo/passes/Names.h"

#include <gtest/gtest.h>

using namespace gevo;

namespace {

// _Z5sgemmPfi: sgemm(float*, int); _ZN2la5scaleIfEEvPT_i: void
// la::scale<float>(float*, int); _Z5scaleIiEvPT_i: void scale<int>(int*, int).
const std::vector<std::string> Symbols = {
    "_Z5sgemmPfi", "_ZN2la5scaleIfEEvPT_i", "_Z5scaleIiEvPT_i", "plain_c"};

std::vector<std::string> match(const std::string &Query) {
  return gevo::test::valueOrFail(matchNames(Query, Symbols, "kernel"));
}

TEST(Names, SourceNamesOfCAndCxxSymbols) {
  EXPECT_EQ(sourceNames("plain_c"), std::vector<std::string>{"plain_c"});
  EXPECT_EQ(sourceNames("_Z5sgemmPfi"),
            (std::vector<std::string>{"_Z5sgemmPfi", "sgemm"}));
  EXPECT_EQ(
      sourceNames("_ZN2la5scaleIfEEvPT_i"),
      (std::vector<std::string>{"_ZN2la5scaleIfEEvPT_i", "la::scale<float>",
                                "scale<float>", "scale"}));
  EXPECT_EQ(displayName("_Z5scaleIiEvPT_i"), "scale<int>");
}

TEST(Names, SymbolsSourceNamesAndGlobs) {
  EXPECT_EQ(match("_Z5sgemmPfi"), std::vector<std::string>{"_Z5sgemmPfi"});
  EXPECT_EQ(match("sgemm"), std::vector<std::string>{"_Z5sgemmPfi"});
  EXPECT_EQ(match("scale<float>"),
            std::vector<std::string>{"_ZN2la5scaleIfEEvPT_i"});
  EXPECT_EQ(match("scale"), (std::vector<std::string>{"_ZN2la5scaleIfEEvPT_i",
                                                      "_Z5scaleIiEvPT_i"}));
  EXPECT_EQ(match("s*"),
            (std::vector<std::string>{"_Z5sgemmPfi", "_ZN2la5scaleIfEEvPT_i",
                                      "_Z5scaleIiEvPT_i"}));
  EXPECT_EQ(match("plain_?"), std::vector<std::string>{"plain_c"});
}

TEST(Names, NoMatchListsTheCandidates) {
  auto M = matchNames("sgem", Symbols, "kernel");
  ASSERT_FALSE(static_cast<bool>(M));
  EXPECT_EQ(llvm::toString(M.takeError()),
            "no kernel named 'sgem' (kernels: la::scale<float>, plain_c, "
            "scale<int>, sgemm)");
  auto G = matchNames("x*", Symbols, "function");
  ASSERT_FALSE(static_cast<bool>(G));
  EXPECT_EQ(llvm::toString(G.takeError()),
            "no function named 'x*' (functions: la::scale<float>, plain_c, "
            "scale<int>, sgemm)");
}

} // namespace
