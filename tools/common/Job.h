//===- Job.h - A tool started as the ranks of an MPI job ---------*- C++ -*-===//
//
// `mpirun -n N gevo-evolve ...` and `mpirun -n N gevo-suite ...` start N
// processes with the same command line. joinJob() makes them one job (or
// says why this build cannot); alone, it does nothing.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_TOOLS_COMMON_JOB_H
#define GEVO_TOOLS_COMMON_JOB_H

#include "gevo/harness/Cluster.h"

namespace gevo {

/// How the ranks of a job end.
enum class JobKind {
  /// Rank 0 works, the others serve it: at exit (an error's too) rank 0
  /// tells them to stop, and every rank exits as it would alone.
  Served,
  /// The ranks share the work: an error on any rank ends the whole job.
  Shared,
};

/// Joins the job when a launcher started this process as one of several
/// ranks (a one-line error and exit 2 when this build has no MPI); MPI is
/// finalised at exit. Returns the job's size: 1 when alone.
unsigned joinJob(const char *Tool, int &Argc, char **&Argv, JobKind Kind);
/// The job, or null when this process runs alone.
cluster::Comm *job();
/// This process's rank (0 when alone).
inline int jobRank() { return job() ? job()->rank() : 0; }

} // namespace gevo

#endif
