//===- Runner.h - Each app's gevo-evolve as a child process ------*- C++ -*-===//
//
// Every app runs in its own gevo-evolve process, so a crash, an error exit
// or a hang of one app ends only that app. A child gets its own process
// group (killed as a whole at the time limit), stdout and stderr in its log
// file, stdin from /dev/null, and dies with the suite (PR_SET_PDEATHSIG).
// Up to Jobs children run at once. Progress goes to stderr: a line when an
// app starts or ends (apps done, elapsed, ETA) and, every minute without
// one, the latest log line of each running app. After stopOnSignals, a
// SIGINT, SIGTERM or SIGHUP kills the running apps, starts no more and
// returns, so the caller can still write what finished.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_TOOLS_GEVO_SUITE_RUNNER_H
#define GEVO_TOOLS_GEVO_SUITE_RUNNER_H

#include <functional>
#include <string>
#include <vector>

namespace gevo::suite {

struct Launch {
  std::string Name;
  std::vector<std::string> Argv; ///< empty: nothing to run
  std::string Log;               ///< stdout and stderr go here
};

struct Ending {
  enum Kind { Exited, Signalled, TimedOut, NotRun, Interrupted } How = NotRun;
  /// Exit status (Exited), signal (Signalled), errno (NotRun), the signal
  /// that stopped the suite (Interrupted).
  int Code = 0;
  double Seconds = 0;
};

struct RunnerOptions {
  unsigned Jobs = 1;
  double LimitSeconds = 0;    ///< per app; 0: no limit
  double EstimateSeconds = 0; ///< per app, for the ETA before one ends (0: unknown)
};

/// How an app ended, in a few words for its progress line; only Finished
/// apps' times go into the ETA (a quick failure says little about the rest).
struct Outcome {
  std::string Words;
  bool Finished = false;
};
using DescribeFn = std::function<Outcome(size_t App, const Ending &)>;

/// Runs every launch (Jobs at a time, in order) and returns how each ended.
std::vector<Ending> runAll(const std::vector<Launch> &Apps,
                           const RunnerOptions &O, const DescribeFn &Describe);

/// From now on SIGINT, SIGTERM and SIGHUP stop runAll (see above).
void stopOnSignals();
/// The signal that stopped the suite, or 0.
int stopSignal();

/// The last N non-empty lines of a text file (fewer if it has fewer).
std::vector<std::string> lastLines(const std::string &Path, unsigned N);

} // namespace gevo::suite

#endif
