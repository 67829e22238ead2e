//===- StringsTest.cpp - Small text helpers -------------------------------===//

#include "gevo/support/Strings.h"

#include <gtest/gtest.h>

using namespace gevo;

namespace {

using Items = std::vector<std::string>;

TEST(Strings, SplitListDropsEmptyItems) {
  EXPECT_EQ(splitList("a,b,,c"), (Items{"a", "b", "c"}));
  EXPECT_EQ(splitList(",x,"), (Items{"x"}));
  EXPECT_EQ(splitList("one"), (Items{"one"}));
  EXPECT_EQ(splitList(""), Items{});
  EXPECT_EQ(splitList(",,"), Items{});
}

TEST(Strings, SplitListKeepsSpacesAndOtherCharacters) {
  EXPECT_EQ(splitList(" a , b=2"), (Items{" a ", " b=2"}));
}

} // namespace
