//===- Spread.h - The suite's apps over the ranks of an MPI job --*- C++ -*-===//
//
// Under `mpirun -n N gevo-suite ...` every rank reads the same suite and
// takes its share of the apps: longest first (by the kernel's size), each
// to the rank with the least work so far. Each rank runs its apps as a lone
// suite would (--jobs at a time, their run directories under --out, which
// rank 0 must see: a shared file system); the other ranks then send rank 0
// how each app ended, and rank 0 alone reads the results and writes the
// summary.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_TOOLS_GEVO_SUITE_SPREAD_H
#define GEVO_TOOLS_GEVO_SUITE_SPREAD_H

#include "Runner.h"

#include "gevo/harness/Cluster.h"

#include <string>
#include <utility>
#include <vector>

namespace gevo::suite {

/// Each item's rank: items taken longest first (largest \p Estimates,
/// ties in order), each given to the rank with the least estimated work
/// so far (the lowest rank on a tie).
std::vector<int> assignLongestFirst(const std::vector<double> &Estimates,
                                    int Ranks);

/// How each of a rank's apps (by index into the suite's apps) ended.
using Endings = std::vector<std::pair<size_t, Ending>>;
/// A rank other than 0: sends its endings to rank 0.
void sendEndings(cluster::Comm &C, const Endings &E);
/// Rank 0: every other rank's endings, as they arrive. A malformed
/// message is a one-line error naming its rank.
llvm::Expected<Endings> gatherEndings(cluster::Comm &C);

} // namespace gevo::suite

#endif
