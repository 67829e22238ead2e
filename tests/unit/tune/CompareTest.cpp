// Comparison tables: fractions of the optimum (or of the best found),
// medians and the share of runs within 3%.
#include "gevo/evolve/tune/Compare.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

using namespace gevo;
using namespace gevo::evolve;
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

TEST(Compare, NoColumnPastTheLongestRun) {
  CompareRow R{"s", {{20, 10}, {15, 10.2}}, 0, 4};
  std::string Md = compareTable({R}, {1, 2, 500}, 10.0, false, false);
  EXPECT_NE(Md.find("@2"), std::string::npos);
  EXPECT_EQ(Md.find("@500"), std::string::npos) << Md;
  Md = compareTable({R}, {1, 500}, 10.0, false, false);
  EXPECT_NE(Md.find("@2"), std::string::npos) << "the end of the runs: " << Md;
}

TEST(Compare, PerSeedCsvHasOneLinePerRun) {
  CompareRow A{"a", {{20, 10}, {NAN, 12.5}}, 0, 4}, B{"b", {{11}}, 0, 1};
  std::string Csv = perSeedCsv({A, B}, 7, {1, 2}, 10.0, false);
  EXPECT_EQ(Csv, "strategy,seed,trials,best@1,best@2,best,frac@1,frac@2,frac\n"
                 "a,7,2,20,10,10,0.5,1,1\n"
                 "a,8,2,,12.5,12.5,0,0.8,0.8\n"
                 "b,7,1,11,,11,0.9090909091,,0.9090909091\n");
}

TEST(Compare, HeaderSaysFilesSeedsAndSpaceMode) {
  CompareSetup S;
  S.Files = {"gemm/RTX_3090.json.gz"};
  S.Restricted = false;
  S.FirstSeed = 3;
  S.Seeds = 20;
  S.Trials = 200;
  S.Reference = "the optimum, 1.5 time";
  std::string H = compareHeader(S);
  EXPECT_NE(H.find("File: `gemm/RTX_3090.json.gz`"), std::string::npos) << H;
  EXPECT_NE(H.find("Seeds 3-22 (20 per strategy)"), std::string::npos) << H;
  EXPECT_NE(H.find("200 trials per run"), std::string::npos) << H;
  EXPECT_NE(H.find("unrestricted"), std::string::npos) << H;
  EXPECT_NE(H.find("the optimum, 1.5 time"), std::string::npos) << H;
  S.Restricted = true;
  EXPECT_NE(compareHeader(S).find("restricted to the file's configs"), std::string::npos);
}

TEST(Compare, TrialLineKeysComeInAFixedOrder) {
  LogEntry L;
  L.Index = 4;
  L.Genome = {{"b", 2}, {"a", 1}};
  L.Result = makeEvaluation(2.5, false);
  L.Result.CostSeconds = 0.5;
  L.Result.Detail = {{"z", 1}};
  EXPECT_EQ(trialLine(L, false).dump(),
            R"({"config":{"a":1,"b":2},"value":2.5,"status":"ok","trial":4,)"
            R"("cost_seconds":0.5,"detail":{"z":1}})");
  L.Result = Evaluation{};
  L.Result.S = Status::CompileFail;
  L.Result.Message = "no";
  EXPECT_EQ(trialLine(L, false).dump(),
            R"({"config":{"a":1,"b":2},"value":null,"status":"compile_fail",)"
            R"("trial":4,"cost_seconds":0.0,"message":"no"})");
}

TEST(Compare, PlotShowsMediansBandsAndTheOptimum) {
  // Curves carry their last value forward: at trial 3 they are 2, 3, 1.
  CompareRow R{"s", {{4, 2}, {3, 3}, {6, 1, 1}}, 0, 7};
  EXPECT_EQ(quantileCurve(R, 3, 0.5), (std::vector<double>{4, 2, 2}));
  EXPECT_EQ(quantileCurve(R, 3, 0.25), (std::vector<double>{3.5, 1.5, 1.5}));
  std::string Page = plotPage(
      "t", "File: `a.json`. Seeds 1-3.", "trial", "fraction",
      {{"s", {0.5, 1, 1}, {0.4, 0.9, 1}, {0.6, 1, 1}}}, 1.0, "optimum");
  EXPECT_NE(Page.find("<p>File: a.json. Seeds 1-3.</p>"), std::string::npos)
      << Page;
  // The band (lower edge, upper edge filled to it), the median, then the
  // dashed optimum across all trials.
  EXPECT_NE(Page.find(R"("fill":"-1","gevoNoLegend":false,"label":"s 25-75%")"),
            std::string::npos)
      << Page;
  EXPECT_NE(Page.find(R"("label":"s","pointHoverRadius")"), std::string::npos);
  EXPECT_NE(Page.find(R"("borderDash":[6,4])"), std::string::npos);
  EXPECT_NE(Page.find(R"("data":[{"x":1.0,"y":1.0},{"x":3.0,"y":1.0}],)"
                      R"("label":"optimum")"),
            std::string::npos);
  EXPECT_NE(Page.find("data-points=\"11\""), std::string::npos);
}
