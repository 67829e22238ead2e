//===- gevo-report.cpp - Regenerate a run's report.html --------------------===//
//
//   gevo-report RUN_DIR [-o FILE]
//
// Rebuilds report.html from the run directory's files, for a finished run
// or one still in progress.
//
//===----------------------------------------------------------------------===//

#include "ToolSupport.h"

#include "gevo/evolve/Report.h"

#include <boost/program_options.hpp>

#include <iostream>

namespace po = boost::program_options;

int main(int argc, char **argv) {
  constexpr const char *Tool = "gevo-report";
  std::string Dir, Out;
  po::options_description O("gevo-report: rebuild report.html of a gevo-evolve "
                            "run directory.\n\nUsage: gevo-report RUN_DIR "
                            "[-o FILE]\n\nOptions");
  O.add_options()("help,h", "show this help")(
      "output,o", po::value(&Out), "where to write (default RUN_DIR/report.html)")(
      "run-dir", po::value(&Dir), "the run directory (positional)");
  po::variables_map VM;
  gevo::parseCommandLineOrHelp(Tool, argc, argv, O, "run-dir", VM);
  if (Dir.empty())
    gevo::toolError(Tool, "need a run directory (see --help)");
  auto D = gevo::evolve::RunDir::open(Dir);
  if (!D)
    gevo::toolError(Tool, llvm::toString(D.takeError()));
  auto Html = gevo::evolve::renderReport(*D);
  if (!Html)
    gevo::toolError(Tool, llvm::toString(Html.takeError()));
  if (Out.empty())
    Out = D->file("report.html");
  gevo::writeTextFile(Tool, Out, *Html);
  std::cout << Out << "\n";
  return 0;
}
