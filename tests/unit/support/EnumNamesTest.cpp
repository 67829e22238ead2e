//===- EnumNamesTest.cpp - One table spells an enum both ways ------------===//

#include "gevo/support/EnumNames.h"

#include <gtest/gtest.h>

using namespace gevo;

namespace {

enum class Shade { Light, Dark, Unlisted };

constexpr EnumName<Shade> Shades[] = {
    {Shade::Light, "light"}, {Shade::Dark, "dark"}, {Shade::Dark, "dim"}};

TEST(EnumNames, NameOfGivesTheFirstSpellingOrTheFallback) {
  EXPECT_STREQ(nameOf(Shades, Shade::Light), "light");
  EXPECT_STREQ(nameOf(Shades, Shade::Dark), "dark");
  EXPECT_STREQ(nameOf(Shades, Shade::Unlisted), "?");
  EXPECT_STREQ(nameOf(Shades, Shade::Unlisted, "none"), "none");
  static_assert(nameOf(Shades, Shade::Dark)[1] == 'a', "usable in constexpr");
}

TEST(EnumNames, ParseNameTakesEverySpellingExactly) {
  EXPECT_EQ(parseName(Shades, "light"), Shade::Light);
  EXPECT_EQ(parseName(Shades, "dark"), Shade::Dark);
  EXPECT_EQ(parseName(Shades, "dim"), Shade::Dark);
  EXPECT_EQ(parseName(Shades, "Light"), std::nullopt);
  EXPECT_EQ(parseName(Shades, "lig"), std::nullopt);
  EXPECT_EQ(parseName(Shades, ""), std::nullopt);
  static_assert(*parseName(Shades, "dim") == Shade::Dark,
                "usable in constexpr");
}

TEST(EnumNames, NameListJoinsEverySpellingInOrder) {
  EXPECT_EQ(nameList(Shades), "light, dark, dim");
  EXPECT_EQ(nameList(Shades, " | "), "light | dark | dim");
  constexpr EnumName<Shade> One[] = {{Shade::Light, "light"}};
  EXPECT_EQ(nameList(One), "light");
}

} // namespace
