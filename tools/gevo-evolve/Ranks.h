//===- Ranks.h - gevo-evolve as the ranks of an MPI job -----------*- C++ -*-===//
//
// Under `mpirun -n N gevo-evolve ...` (Job.h) every rank parses the same
// command line; rank 0 runs the search and the others serve it (Cluster.h).
// Alone (no launcher), nothing here changes what gevo-evolve does.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_TOOLS_GEVO_EVOLVE_RANKS_H
#define GEVO_TOOLS_GEVO_EVOLVE_RANKS_H

#include "gevo/evolve/GevoRun.h"

#include <functional>
#include <string>

namespace gevo {

/// A rank other than 0: serves rank 0's run with \p Workers workers, on
/// the tests in \p TestsDir (its own --tests; empty: the run's), until it
/// says stop, then exits (0; rank 0 reports every failure).
[[noreturn]] void serveRun(unsigned Workers, const std::string &TestsDir);
/// Rank 0: measures \p R's batches across the job (with rank 0's own
/// workers too unless \p SearchOnly). \p Lost prints how to continue when
/// a rank stops answering (the job then ends).
llvm::Error distributeRun(evolve::GevoRun &R, double RankTimeoutSeconds,
                          bool SearchOnly,
                          std::function<void(const std::string &)> Lost);
/// After the run: how many variants each rank measured, the traffic, and
/// rank 0's own cost per evaluation: the dispatching, and all its CPU time
/// while evolving (\p CpuSeconds over \p Evaluations: searching,
/// preparing, logging, dispatching), which bounds how many ranks it feeds.
void printDistribution(uint64_t Evaluations, double CpuSeconds);
/// This process's CPU time so far (its threads, not its workers).
double processCpuSeconds();

} // namespace gevo

#endif
