//===- ReportTest.cpp - report.html from a run directory -------------------===//

#include "gevo/evolve/Report.h"
#include "gevo/evolve/RunDir.h"
#include "gevo/harness/Status.h"

#include <gtest/gtest.h>
#include <llvm/Support/FileSystem.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

using namespace gevo::evolve;

namespace {

/// A run directory holding config.json and the given summary.json.
RunDir runWithSummary(const std::string &Summary) {
  llvm::SmallString<128> Path;
  EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("gevo-report", Path));
  llvm::sys::fs::remove(Path);
  llvm::Expected<RunDir> D = RunDir::create(std::string(Path));
  EXPECT_TRUE(bool(D));
  EXPECT_FALSE(D->writeFile("config.json",
                            R"({"kernel": "k.ll", "mode": "default",
                                "objective": "count"})"));
  EXPECT_FALSE(D->writeFile("summary.json", Summary));
  return std::move(*D);
}

std::string render(const RunDir &D) {
  llvm::Expected<std::string> Html = renderReport(D);
  EXPECT_TRUE(bool(Html)) << llvm::toString(Html.takeError());
  llvm::sys::fs::remove_directories(D.path());
  return *Html;
}

TEST(Report, ShowsTheBestVariantsEdits) {
  std::string Html = render(runWithSummary(R"j({
    "best": {"edits": ["delete U7"], "descriptions": ["deleted U7 (a barrier)"],
             "ablation": [[2.0]]},
    "best_speedup": 1.5,
    "heldout": {"status": "ok", "speedup": 1.4, "error": 0},
    "evolved": {"edits": ["delete U7", "delete U9"]}})j"));
  EXPECT_NE(Html.find("best speedup 1.5"), std::string::npos) << Html;
  EXPECT_NE(Html.find("Best variant"), std::string::npos);
  EXPECT_NE(Html.find("deleted U7 (a barrier)"), std::string::npos);
}

TEST(Report, ARunWhereNoVariantPassedHeldOutHasNoBest) {
  // summary.json as gevo-evolve writes it then: no "best", the closest
  // variant under "heldout".
  std::string Html = render(runWithSummary(R"j({
    "heldout": {"status": "none passed",
                "best": {"status": "wrong_output", "speedup": 0.99}},
    "evolved": {"edits": ["delete U2"], "descriptions": ["deleted U2"]}})j"));
  EXPECT_NE(Html.find("no variant passed held-out validation (none passed)"),
            std::string::npos)
      << Html;
  EXPECT_EQ(Html.find("Best variant"), std::string::npos);
  EXPECT_NE(Html.find("deleted U2"), std::string::npos);
}

TEST(Report, ASummaryWithoutEditListsStillRenders) {
  std::string Html =
      render(runWithSummary(R"j({"heldout": {"status": "no variant"}})j"));
  EXPECT_NE(Html.find("no variant passed held-out validation (no variant)"),
            std::string::npos)
      << Html;
  EXPECT_NE(Html.find("As evolved"), std::string::npos);
}

TEST(Report, AParetoFileOfTheWrongShapeIsAnErrorNamingIt) {
  RunDir D = runWithSummary(R"({"best_speedup": 1.0})");
  EXPECT_FALSE(D.writeFile("pareto.json", R"({"base": {"objective": 1}})"));
  llvm::Expected<std::string> Html = renderReport(D);
  ASSERT_FALSE(bool(Html));
  std::string Message = llvm::toString(Html.takeError());
  EXPECT_NE(Message.find("pareto.json: not a gevo run's pareto.json"),
            std::string::npos)
      << Message;
  EXPECT_EQ(Message.find('\n'), std::string::npos) << Message;
  llvm::sys::fs::remove_directories(D.path());
}

TEST(Report, ADamagedRunFileIsAnErrorAnAbsentOneIsNot) {
  // A run in progress has no summary.json or pareto.json yet; a file that
  // is there but damaged must not be taken for an absent one.
  for (const char *Name : {"summary.json", "pareto.json", "generations.csv"}) {
    RunDir D = runWithSummary(R"({"best_speedup": 1.0})");
    EXPECT_FALSE(D.writeFile(Name, "{\"truncated\":"));
    llvm::Expected<std::string> Html = renderReport(D);
    ASSERT_FALSE(bool(Html)) << Name;
    std::string Message = llvm::toString(Html.takeError());
    EXPECT_NE(Message.find(std::string(Name) + ": not "), std::string::npos) << Message;
    EXPECT_EQ(Message.find('\n'), std::string::npos) << Message;
    llvm::sys::fs::remove(D.file(Name));
    llvm::Expected<std::string> Without = renderReport(D);
    EXPECT_TRUE(bool(Without))
        << Name << ": " << (Without ? "" : llvm::toString(Without.takeError()));
    llvm::sys::fs::remove_directories(D.path());
  }
}

TEST(Report, ChartsComeFromTheRunFiles) {
  RunDir D = runWithSummary(R"j({
    "best": {"edits": ["delete U7"], "objectives": [50.0]},
    "best_speedup": 2.0,
    "heldout": {"status": "ok", "speedup": 1.9},
    "time_shares": {"wall_s": 12.5, "prepare_s": 3}})j");
  // An older run's generations.csv: no median or hypervolume columns.
  EXPECT_FALSE(D.writeFile("generations.csv",
                           "generation,evaluations,valid_rate,best_objective,"
                           "best_speedup,best_error,front_size,elapsed_s\n"
                           "0,4,1,100,1,0,1,0.1\n1,8,0.5,50,2,0,2,0.2\n"));
  EXPECT_FALSE(D.writeFile(
      "log.jsonl",
      "{\"gen\":0,\"status\":\"ok\"}\n{\"gen\":0,\"status\":"
      "\"wrong_output\"}\n{\"gen\":1,\"status\":\"ok\"}\n{\"gen\":1,"
      "\"status\":\"ok\"}\n{\"gen\":1,\"sta"));
  EXPECT_FALSE(D.writeFile("pareto.json", R"({"base": {"objective": 100,
      "objectives": [100]}, "front": [{"objectives": [50], "error": 0,
      "speedup": 2, "edits": ["delete U7"], "heldout": {"status": "ok",
      "speedup": 1.9}}]})"));
  EXPECT_FALSE(D.writeFile("best/kernel.diff",
                           "--- base.ll\n+++ best.ll\n@@ -1,2 +1,1 @@\n"
                           "# k.cu:3: __syncthreads();\n-  call <barrier>\n"
                           "+  ret void\n ctx\n"));
  std::string Html = render(D);
  // Convergence without the median series, statuses stacked per generation
  // (the cut-off last line skipped), the front with base and best marked.
  EXPECT_NE(Html.find("best and median count by generation"), std::string::npos)
      << Html;
  EXPECT_EQ(Html.find("population median"), std::string::npos);
  EXPECT_NE(Html.find(R"("data":[1.0,0.0],"label":"wrong_output")"),
            std::string::npos)
      << Html;
  EXPECT_NE(Html.find(R"("data":[1.0,2.0],"label":"ok")"), std::string::npos);
  EXPECT_NE(Html.find(R"("label":"base")"), std::string::npos);
  EXPECT_NE(Html.find(R"("pointStyle":"star")"), std::string::npos);
  EXPECT_NE(Html.find("speedup 2x\\n1 edit"), std::string::npos);
  // No hypervolume column: no front-quality chart; held-out per variant.
  EXPECT_EQ(Html.find("Front quality"), std::string::npos);
  EXPECT_NE(Html.find("held-out speedup of each validated front variant"),
            std::string::npos);
  // The diff by first character, escaped.
  EXPECT_NE(Html.find("<span class='hunk'>@@ -1,2 +1,1 @@</span>"),
            std::string::npos);
  EXPECT_NE(Html.find("<span class='note'># k.cu:3: __syncthreads();</span>"),
            std::string::npos);
  EXPECT_NE(Html.find("<span class='del'>-  call &lt;barrier&gt;</span>"),
            std::string::npos);
  EXPECT_NE(Html.find("<span class='add'>+  ret void</span>"),
            std::string::npos);
  EXPECT_NE(Html.find("<span class='ctx'> ctx</span>"), std::string::npos);
  // Tables, not JSON dumps.
  EXPECT_NE(Html.find("<tr><th>wall_s</th><td>12.5</td></tr>"),
            std::string::npos);
  EXPECT_EQ(Html.find("\"wall_s\""), std::string::npos);
}

TEST(Report, HeldOutCasesAndHypervolumeWhenTheRunHasThem) {
  RunDir D = runWithSummary(R"j({"best_speedup": 1.0, "hypervolume": 0.375,
    "heldout": {"status": "ok", "cases": [{"name": "big", "speedup": 1.25}]}})j");
  EXPECT_FALSE(
      D.writeFile("generations.csv", std::string(GenerationsCsvHeader) +
                                         "\n0,4,1,100,1,0,1,0.1,120,0\n"
                                         "1,8,1,80,1.25,0,2,0.2,90,0.375\n"));
  std::string Html = render(D);
  EXPECT_NE(Html.find("population median"), std::string::npos) << Html;
  EXPECT_NE(Html.find("Front quality"), std::string::npos);
  EXPECT_NE(Html.find("Final hypervolume 0.375"), std::string::npos);
  EXPECT_NE(Html.find("front size 2"), std::string::npos);
  EXPECT_NE(Html.find("held-out speedup of the best variant per case"),
            std::string::npos);
  EXPECT_NE(Html.find(R"("labels":["big"])"), std::string::npos);
}

} // namespace

/// Each status's bar colour in the report of a log holding one evaluation
/// of each status, in the order given.
std::map<std::string, std::string> statusColours(const std::vector<unsigned> &Order) {
  RunDir D = runWithSummary(R"({"best_speedup": 1.0})");
  std::string Log;
  for (unsigned I : Order)
    Log += "{\"gen\":0,\"status\":\"" + std::string(gevo::statusName(gevo::Status(I))) +
           "\"}\n";
  EXPECT_FALSE(D.writeFile("log.jsonl", Log));
  std::string Html = render(D);
  std::map<std::string, std::string> Colours;
  for (unsigned I : Order) {
    std::string Name(gevo::statusName(gevo::Status(I)));
    size_t At = Html.find("\"label\":\"" + Name + "\"");
    size_t Colour = Html.rfind("\"backgroundColor\":\"#", At); // keys are sorted
    if (At != std::string::npos && Colour != std::string::npos)
      Colours[Name] = Html.substr(Colour + 20, 6);
  }
  return Colours;
}

TEST(Report, EveryStatusHasAColourOfItsOwn) {
  std::vector<unsigned> Order(gevo::NumStatuses);
  std::iota(Order.begin(), Order.end(), 0u);
  std::map<std::string, std::string> Forward = statusColours(Order);
  std::reverse(Order.begin(), Order.end());
  // The same colour whichever statuses came first (not the chart's next
  // colour), and no two statuses share one.
  EXPECT_EQ(statusColours(Order), Forward);
  std::set<std::string> Distinct;
  for (auto &[Name, Colour] : Forward)
    Distinct.insert(Colour);
  EXPECT_EQ(Forward.size(), gevo::NumStatuses);
  EXPECT_EQ(Distinct.size(), gevo::NumStatuses);
}
