//===- Families.h - Every strategy on every family of spaces -------------===//
#ifndef GEVO_BENCHMARKS_TUNERS_FAMILIES_H
#define GEVO_BENCHMARKS_TUNERS_FAMILIES_H

#include "gevo/evolve/tune/Strategies.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace gevo::bench {

/// A row of a table: a strategy and the options it runs with.
struct Variant {
  std::string Label, Strategy;
  evolve::tune::Options Opts;
};
/// "opevo:q=0.1,lambda=4" (or a plain name); a one-line error for an item
/// that is not OPTION=NUMBER.
llvm::Expected<Variant> parseVariant(const std::string &Text);

struct FamilyOptions {
  std::vector<std::string> Dirs; ///< one family each: its *.json.gz files
  unsigned Synthetic = 0;        ///< instances of each synthetic kind (0: none)
  uint64_t Seeds = 20, Trials = 200;
  bool Unrestricted = false;
  unsigned Jobs = 1;
  std::string RunsCsv; ///< one line per run, when set
  bool PerFile = false, Lofo = false;
};

/// Runs Rows x files x seeds and prints the family table (and with Lofo
/// the leave-one-family-out choice among Rows); 1 on bad input.
int families(const FamilyOptions &O, const std::vector<Variant> &Rows);

} // namespace gevo::bench

#endif
