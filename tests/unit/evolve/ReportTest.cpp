//===- ReportTest.cpp - report.html from a run directory -------------------===//

#include "gevo/evolve/Report.h"
#include "gevo/evolve/RunDir.h"

#include <gtest/gtest.h>
#include <llvm/Support/FileSystem.h>

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
                            R"({"kernel": "k.ll", "mode": "default"})"));
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

} // namespace
