//===- ChartsTest.cpp - Chart specs written into pages --------------------===//

#include "gevo/evolve/Charts.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace gevo::charts;

namespace {

/// The JSON spec inside a chart's html().
nlohmann::json spec(const Chart &C) {
  std::string H = C.html();
  size_t A = H.find("<script type=\"application/json\">");
  size_t B = H.find("</script>", A);
  EXPECT_NE(A, std::string::npos) << H;
  A += std::string("<script type=\"application/json\">").size();
  return nlohmann::json::parse(H.substr(A, B - A));
}

TEST(Charts, TextCannotCloseTheScriptOrTheAttribute) {
  Chart C(Chart::Kind::XY, "a </script><b> & \"c\"", "x", "y");
  C.series("</SCRIPT>", {1}, {2}, {"", true, false, 0, "", {"<!-- tip"}});
  std::string H = C.html();
  // One closing tag: the spec's own.
  EXPECT_EQ(H.find("</script>"), H.rfind("</script>")) << H;
  EXPECT_EQ(H.find("<!--"), std::string::npos) << H;
  nlohmann::json J = spec(C); // and the text survives, unchanged
  EXPECT_EQ(J["options"]["plugins"]["title"]["text"], "a </script><b> & \"c\"");
  EXPECT_EQ(J["data"]["datasets"][0]["label"], "</SCRIPT>");
  EXPECT_EQ(J["data"]["datasets"][0]["gevoTips"][0], "<!-- tip");
  EXPECT_EQ(escapeHtml("<a href='x'>&\"</a>"),
            "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;");
}

TEST(Charts, NaNIsAGapAndPointsAreCounted) {
  Chart C(Chart::Kind::XY, "t", "x", "y");
  C.series("s", {}, {1, NAN, 3});
  C.band("b", {1, 2}, {0.5, 0.6}, {1.5, NAN}, "#1f77b4");
  EXPECT_EQ(C.points(), 2u + 3u);
  nlohmann::json J = spec(C);
  EXPECT_EQ(J["type"], "scatter");
  const nlohmann::json &D = J["data"]["datasets"];
  ASSERT_EQ(D.size(), 3u);
  EXPECT_EQ(D[0]["data"][1]["x"], 2); // x defaults to 1, 2, ...
  EXPECT_TRUE(D[0]["data"][1]["y"].is_null());
  EXPECT_EQ(D[0]["showLine"], true);
  // The band: its lower edge unnamed in the legend, the upper filled to it.
  EXPECT_EQ(D[1]["gevoNoLegend"], true);
  EXPECT_EQ(D[2]["fill"], "-1");
  EXPECT_EQ(D[2]["backgroundColor"], "rgba(31,119,180,0.18)");
  EXPECT_NE(C.html().find("data-points=\"5\""), std::string::npos);
}

TEST(Charts, BarsStackAndTurnSideways) {
  Chart C(Chart::Kind::Bar, "t", "app", "speedup");
  C.categories({"a", "b"}).bars("now", {1.5, NAN}).bars("before", {1, 1});
  C.stacked().horizontal().yRange(0, 2);
  EXPECT_EQ(C.points(), 3u);
  nlohmann::json J = spec(C);
  EXPECT_EQ(J["type"], "bar");
  EXPECT_EQ(J["options"]["indexAxis"], "y");
  EXPECT_EQ(J["options"]["scales"]["y"]["stacked"], true);
  // Sideways: the value axis is x, titled with the value's label.
  EXPECT_EQ(J["options"]["scales"]["x"]["title"]["text"], "speedup");
  EXPECT_EQ(J["options"]["scales"]["y"]["title"]["text"], "app");
  EXPECT_EQ(J["options"]["scales"]["x"]["max"], 2);
  EXPECT_TRUE(J["data"]["datasets"][0]["data"][1].is_null());
  EXPECT_NE(J["data"]["datasets"][0]["backgroundColor"],
            J["data"]["datasets"][1]["backgroundColor"]);
}

TEST(Charts, NumbersAsPeopleReadThem) {
  EXPECT_EQ(number(2476266), "2,476,266");
  EXPECT_EQ(number(-87500.4), "-87,500");
  EXPECT_EQ(number(1234.56), "1,235");
  EXPECT_EQ(number(999.94), "999.9"); // under 1,000: 4 significant digits
  EXPECT_EQ(number(1.3405), "1.341");
  EXPECT_EQ(number(0.00356), "0.00356");
  EXPECT_EQ(number(2e20), "2e+20");
}

TEST(Charts, APageInlinesTheLibraryOrSaysHowToGetIt) {
  std::string Page = pageStart("t <x>") + pageEnd();
  EXPECT_NE(Page.find("<title>t &lt;x&gt;</title>"), std::string::npos);
  EXPECT_NE(Page.find("id=\"gevo-errors\""), std::string::npos);
  if (Page.find("class=\"gevo-charts\"") != std::string::npos) {
    EXPECT_NE(Page.find("Chart.js v"), std::string::npos);  // its banner
    EXPECT_EQ(Page.find("<script src"), std::string::npos); // inline only
  } else {
    EXPECT_NE(Page.find("apt-get install libjs-chart.js"), std::string::npos);
    EXPECT_EQ(Page.find("<script"), std::string::npos);
  }
}

} // namespace
