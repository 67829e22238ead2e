//===- Job.cpp - A tool started as the ranks of an MPI job ------------------===//

#include "Job.h"

#include "ToolSupport.h"

#include <cstdlib>
#include <unistd.h>

namespace gevo {

namespace {
std::unique_ptr<cluster::Comm> Joined;
pid_t JobOwner = 0;
JobKind Kind = JobKind::Served;

/// At exit, in the process that joined (never a forked child).
void leaveJob() {
  if (getpid() != JobOwner || !Joined)
    return;
  if (Kind == JobKind::Served && Joined->rank() == 0)
    cluster::releaseServers(*Joined);
  Joined.reset();
}
} // namespace

unsigned joinJob(const char *Tool, int &Argc, char **&Argv, JobKind K) {
  unsigned Launched = cluster::launchedRanks();
  if (Launched <= 1)
    return 1;
  llvm::Expected<std::unique_ptr<cluster::Comm>> C =
      cluster::Comm::init(Argc, Argv);
  if (!C)
    toolError(Tool, "started as " + llvm::Twine(Launched) +
                        " MPI ranks, but " + llvm::toString(C.takeError()),
              2);
  Joined = std::move(*C);
  JobOwner = getpid();
  Kind = K;
  std::atexit(leaveJob);
  if (Kind == JobKind::Shared)
    setToolErrorEnd([](int Status) { Joined->abort(Status); });
  return unsigned(Joined->size());
}

cluster::Comm *job() { return Joined.get(); }

} // namespace gevo
