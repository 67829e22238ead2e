//===- Ranks.cpp - gevo-evolve as the ranks of an MPI job -------------------===//

#include "Ranks.h"

#include "Job.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include <sys/resource.h>

namespace gevo {

namespace {
std::unique_ptr<cluster::Dispatcher> Hub;
} // namespace

void serveRun(unsigned Workers, const std::string &TestsDir) {
  llvm::Error E = cluster::serve(*job(), [&](std::string_view Setup) {
    return evolve::GevoRun::serverService(Setup, Workers, TestsDir);
  });
  // Rank 0 has reported it, naming this rank.
  llvm::consumeError(std::move(E));
  std::exit(0);
}

llvm::Error distributeRun(evolve::GevoRun &R, double RankTimeoutSeconds,
                          bool SearchOnly,
                          std::function<void(const std::string &)> Lost) {
  if (!job())
    return llvm::Error::success();
  cluster::DispatchOptions O;
  O.RankTimeoutSeconds = RankTimeoutSeconds;
  O.RootWorks = !SearchOnly;
  auto D = cluster::Dispatcher::connect(*job(), R.service(), R.serverSetup(),
                                        O, std::move(Lost));
  if (!D)
    return D.takeError();
  Hub = std::move(*D);
  R.buildElsewhere([](const std::vector<std::string> &Jobs,
                      std::vector<double> &BaseSeconds) {
    return Hub->run(Jobs, &BaseSeconds);
  });
  return llvm::Error::success();
}

double processCpuSeconds() {
  rusage U;
  getrusage(RUSAGE_SELF, &U);
  return U.ru_utime.tv_sec + U.ru_stime.tv_sec +
         1e-6 * (U.ru_utime.tv_usec + U.ru_stime.tv_usec);
}

void printDistribution(uint64_t Evaluations, double CpuSeconds) {
  if (!Hub)
    return;
  std::printf("measured across %d ranks: rank 0 (%s) %llu", job()->size(),
              job()->host().c_str(), (unsigned long long)Hub->doneHere());
  for (const cluster::Dispatcher::Peer &P : Hub->peers())
    std::printf(", rank %d (%s) %llu", P.Rank, P.Host.c_str(),
                (unsigned long long)P.Done);
  std::printf("; %.1f MB sent, %.1f MB received\n", Hub->bytesSent() / 1e6,
              Hub->bytesReceived() / 1e6);
  uint64_t N = std::max<uint64_t>(1, Evaluations);
  std::printf("rank 0 per evaluation: %.3f ms dispatching, %.2f ms of CPU "
              "in all (searching, preparing, logging, dispatching)\n",
              1e3 * Hub->dispatchSeconds() / N, 1e3 * CpuSeconds / N);
}

} // namespace gevo
