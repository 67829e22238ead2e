// Comparison tables: fractions of the optimum (or of the best found),
// medians and the share of runs within 3%.
#include "gevo/evolve/tune/Compare.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

using namespace gevo::evolve::tune;

namespace {
std::vector<std::string> cells(const std::string &Line) {
  std::vector<std::string> Out(1);
  for (char C : Line)
    if (C == ',')
      Out.emplace_back();
    else
      Out.back() += C;
  return Out;
}
} // namespace

TEST(Compare, FractionsMediansAndShareWithin) {
  // Times (lower is better), optimum 10: runs ending at 10, 10.2, 12.5.
  CompareRow R{"s", {{20, 10}, {15, 10.2}, {NAN, 12.5}}, 0.3, 6};
  std::string Csv = compareTable({R}, {1, 2}, 10.0, false, true);
  std::vector<std::string> Head = cells(Csv.substr(0, Csv.find('\n')));
  std::vector<std::string> Row = cells(Csv.substr(Csv.find('\n') + 1, Csv.rfind('\n') - Csv.find('\n') - 1));
  auto At = [&](const std::string &Col) {
    auto It = std::find(Head.begin(), Head.end(), Col);
    EXPECT_NE(It, Head.end()) << Col;
    return Row.at(It - Head.begin());
  };
  EXPECT_EQ(At("tuner ms/trial"), "50");
  EXPECT_EQ(At("median frac @1"), "0.5"); // 0.5, 0.667 and 0 (none yet)
  EXPECT_EQ(At("median frac @2"), "0.9804");
  EXPECT_EQ(At("within 3% @2"), "66.7%");
  EXPECT_EQ(At("within 3% @1"), "0%");
  EXPECT_DOUBLE_EQ(fractionOfOptimum(12.5, 10, false), 0.8);
  EXPECT_DOUBLE_EQ(fractionOfOptimum(8, 10, true), 0.8);
}

TEST(Compare, BestOfRowsIsTheReferenceWithoutAnOptimum) {
  CompareRow A{"a", {{NAN, 5, 4}, {7}}, 0, 0}, B{"b", {{6, 3.5}}, 0, 0};
  EXPECT_EQ(bestOfRows({A, B}, false), 3.5);
  EXPECT_EQ(bestOfRows({A, B}, true), 7);
  EXPECT_EQ(bestOfRows({CompareRow{"c", {{NAN}}, 0, 0}}, false), std::nullopt);
}
