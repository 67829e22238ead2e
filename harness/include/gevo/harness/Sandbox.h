//===- Sandbox.h - A fork server and a pool of worker processes --*- C++ -*-===//
//
// Mutants are hostile code, so they run in worker processes. Sandbox::start
// forks a server from the (single-threaded) calling process; the server
// runs Setup once (expensive state, e.g. the JIT-compiled base kernel and
// its oracle) and then forks workers on demand, each inheriting that state,
// so a respawn costs a fork. A job is bytes in, bytes out. A worker that
// crashes, hangs, runs out of memory or exits is killed with its whole
// process group, classified, and replaced before its next job.
//
// Workers run in their own process group with RLIMIT_AS, RLIMIT_CPU and
// RLIMIT_CORE 0; their stdout and stderr go to a pipe the parent drains,
// keeping the tail. The parent side is thread-safe.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_SANDBOX_H
#define GEVO_HARNESS_SANDBOX_H

#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <sys/types.h>

namespace gevo {

/// What a worker does with one request. It runs in the worker process;
/// throwing std::bad_alloc reports OutOfMemory.
using JobHandler = std::function<std::string(std::string_view Request)>;
/// Runs once in the server; it must not start threads (workers are forked
/// from the server). An Error makes Sandbox::start fail with its message.
using SandboxSetup = std::function<llvm::Expected<JobHandler>()>;

struct SandboxOptions {
  unsigned Workers = 2;
  /// Wall-clock watchdog per job; past it the worker's process group gets
  /// SIGKILL.
  double JobTimeoutSeconds = 10;
  /// RLIMIT_AS of a worker; 0: none.
  size_t MemoryLimitBytes = size_t(8) << 30;
  /// CPU seconds a job may use (RLIMIT_CPU, renewed before each job; past
  /// it SIGXCPU). 0: max(60, 4 x JobTimeoutSeconds).
  double CpuSecondsPerJob = 0;
  size_t OutputCapBytes = size_t(64) << 10; ///< Output tail kept per job.
};

struct JobResult {
  enum Kind {
    Done,        ///< the handler answered: Reply
    Crashed,     ///< the worker died by Signal
    TimedOut,    ///< watchdog (Signal = SIGKILL) or RLIMIT_CPU (SIGXCPU)
    OutOfMemory, ///< std::bad_alloc or LLVM's bad-alloc handler
    Exited,      ///< the worker exited (ExitCode) without answering
    Lost,        ///< the sandbox itself failed (Reply says why)
  };
  static constexpr unsigned NumKinds = 6;
  Kind K = Done;
  int Signal = 0;
  int ExitCode = 0;
  std::string Reply;
  std::string OutputTail; ///< the last OutputCapBytes of the job's output
  double Seconds = 0;     ///< wall time of the job, as the parent saw it
};

/// "done", "crashed", "timed_out", "out_of_memory", "exited", "lost".
const char *jobKindName(JobResult::Kind K);
/// One line: "killed by SIGSEGV", "timed out after 10 s (SIGKILL)", ...
std::string describeJob(const JobResult &R);

struct SandboxStats {
  uint64_t Jobs = 0;
  uint64_t Spawns = 0; ///< workers forked
  /// Jobs by how they ended; every kind but Done restarts the worker.
  std::array<uint64_t, JobResult::NumKinds> ByKind{};
  double LongestJobSeconds = 0; ///< wall time of the slowest job
  uint64_t restarts() const { return Jobs - ByKind[JobResult::Done]; }
};

class Sandbox {
public:
  /// Forks the server and waits for Setup. Fails when the calling process
  /// has more threads than one (plus those tolerated), or Setup fails or
  /// dies.
  /// The threads running now besides the caller are a library's (MPI's
  /// progress threads) that hold nothing a forked server uses: start()
  /// tolerates them from now on.
  static void tolerateCurrentThreads();
  static llvm::Expected<std::unique_ptr<Sandbox>> start(SandboxSetup Setup,
                                                        const SandboxOptions &O);
  /// Stops the server and every worker and reaps them.
  ~Sandbox();
  Sandbox(const Sandbox &) = delete;
  Sandbox &operator=(const Sandbox &) = delete;

  /// Runs one job on a free worker (waits for one).
  JobResult run(std::string_view Request);
  /// Runs the jobs across the workers concurrently; results in input order.
  /// OnDone, when given, is called with each job's index and result as it
  /// finishes (from the thread that ran it, one call at a time per job).
  std::vector<JobResult>
  runAll(const std::vector<std::string> &Requests,
         const std::function<void(size_t, const JobResult &)> &OnDone = {});

  void setJobTimeout(double Seconds);
  double jobTimeout() const;
  SandboxStats stats() const;
  pid_t serverPid() const;
  /// Pids of the workers alive now (for tests).
  std::vector<pid_t> workerPids() const;

  struct Impl;

private:
  explicit Sandbox(std::unique_ptr<Impl> P);
  std::unique_ptr<Impl> P;
};

/// Called from a JobHandler: the worker exits once this job's reply is
/// sent, and the slot's next job gets a fresh worker (for state a job may
/// have poisoned, such as a GPU context after a kernel fault).
void requestWorkerRestart();

/// Called in a worker: its slot, 0 to Workers - 1 (a respawned worker has
/// its predecessor's), e.g. to choose one of several GPUs.
unsigned workerSlot();

/// Threads of the calling process (/proc/self/status), 0 when unreadable.
unsigned countThreads();

} // namespace gevo

#endif
