//===- Sandbox.cpp - Starting the fork server; jobs across the pool ---------===//

#include "gevo/harness/Sandbox.h"

#include "Channel.h"
#include "Pool.h"
#include "Server.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <thread>

#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

namespace gevo {

using namespace sandbox;

namespace {
llvm::Error sandboxError(const llvm::Twine &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "sandbox: " + Msg);
}

/// In the server: run Setup, tell the parent ("R" or "E<why>"), serve.
[[noreturn]] void runServer(pid_t Parent, int Ctrl, const SandboxSetup &Setup,
                            const WorkerLimits &Limits) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != Parent)
    _exit(0);
  std::signal(SIGCHLD, SIG_DFL);
  std::signal(SIGPIPE, SIG_IGN);
  llvm::Expected<JobHandler> Handler = Setup();
  if (!Handler) {
    std::string Why = "E" + llvm::toString(Handler.takeError());
    Why.resize(std::min<size_t>(Why.size(), 4000));
    sendAll(Ctrl, Why.data(), Why.size());
    _exit(1);
  }
  if (!sendAll(Ctrl, "R", 1))
    _exit(1);
  serveForever(Ctrl, *Handler, Limits);
}

/// Waits for the server's "R" or its error.
llvm::Error awaitSetup(int Ctrl, pid_t Server) {
  char Buf[4096];
  ssize_t N;
  do
    N = recv(Ctrl, Buf, sizeof(Buf), 0);
  while (N < 0 && errno == EINTR);
  if (N == 1 && Buf[0] == 'R')
    return llvm::Error::success();
  if (N > 1 && Buf[0] == 'E')
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   std::string(Buf + 1, size_t(N - 1)));
  int Status = 0;
  waitpid(Server, &Status, 0);
  return sandboxError(
      WIFSIGNALED(Status)
          ? "the server died during set-up (" +
                std::string(strsignal(WTERMSIG(Status))) + ")"
          : "the server exited during set-up (status " +
                std::to_string(WEXITSTATUS(Status)) + ")");
}
} // namespace

unsigned countThreads() {
  std::ifstream In("/proc/self/status");
  std::string Line;
  while (std::getline(In, Line))
    if (Line.rfind("Threads:", 0) == 0)
      return unsigned(std::stoul(Line.substr(8)));
  return 0;
}

const char *jobKindName(JobResult::Kind K) {
  static const char *Names[] = {"done",          "crashed", "timed_out",
                                "out_of_memory", "exited",  "lost"};
  return Names[K];
}

std::string describeJob(const JobResult &R) {
  switch (R.K) {
  case JobResult::Done:
    return "done";
  case JobResult::Crashed:
    if (const char *Name = sigabbrev_np(R.Signal))
      return std::string("killed by SIG") + Name;
    return "killed by signal " + std::to_string(R.Signal);
  case JobResult::TimedOut:
    return R.Signal == SIGXCPU ? "timed out: CPU limit (SIGXCPU)"
                               : "timed out: wall-clock watchdog";
  case JobResult::OutOfMemory:
    return "out of memory: " + R.Reply;
  case JobResult::Exited:
    return "exited with status " + std::to_string(R.ExitCode);
  case JobResult::Lost:
    return "lost: " + R.Reply;
  }
  return "";
}

Sandbox::Sandbox(std::unique_ptr<Impl> P) : P(std::move(P)) {}
Sandbox::~Sandbox() = default;

namespace {
/// Threads start() tolerates (tolerateCurrentThreads), the caller's own
/// included.
unsigned ToleratedThreads = 1;
} // namespace

void Sandbox::tolerateCurrentThreads() { ToleratedThreads = countThreads(); }

llvm::Expected<std::unique_ptr<Sandbox>>
Sandbox::start(SandboxSetup Setup, const SandboxOptions &O) {
  if (O.Workers == 0)
    return sandboxError("need at least one worker");
  if (unsigned Threads = countThreads(); Threads != ToleratedThreads)
    return sandboxError("the process must be single-threaded to fork the "
                        "server, but it has " +
                        llvm::Twine(Threads - ToleratedThreads + 1) +
                        " threads");
  int Sock[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, Sock) != 0)
    return sandboxError(llvm::Twine("socketpair: ") + std::strerror(errno));
  WorkerLimits Limits{O.MemoryLimitBytes,
                      O.CpuSecondsPerJob > 0
                          ? O.CpuSecondsPerJob
                          : std::max(60.0, 4 * O.JobTimeoutSeconds)};
  std::fflush(nullptr);
  pid_t Parent = getpid();
  pid_t Server = fork();
  if (Server == 0) {
    close(Sock[0]);
    runServer(Parent, Sock[1], Setup, Limits);
  }
  close(Sock[1]);
  auto P = std::make_unique<Impl>();
  P->Ctrl = Sock[0];
  if (Server < 0)
    return sandboxError(llvm::Twine("fork: ") + std::strerror(errno));
  P->Server = Server;
  P->Opts = O;
  P->Timeout = O.JobTimeoutSeconds;
  P->Slots.resize(O.Workers);
  if (llvm::Error E = awaitSetup(P->Ctrl, Server)) {
    close(P->Ctrl);
    P->Ctrl = -1;
    return E;
  }
  return std::unique_ptr<Sandbox>(new Sandbox(std::move(P)));
}

JobResult Sandbox::run(std::string_view Request) {
  Impl::Slot &S = P->acquire();
  JobResult R = P->runOn(S, Request);
  P->release(S, R);
  return R;
}

std::vector<JobResult>
Sandbox::runAll(const std::vector<std::string> &Requests,
                const std::function<void(size_t, const JobResult &)> &OnDone) {
  std::vector<JobResult> Results(Requests.size());
  std::atomic<size_t> Next{0};
  auto Work = [&] {
    for (size_t I; (I = Next++) < Requests.size();) {
      Results[I] = run(Requests[I]);
      if (OnDone)
        OnDone(I, Results[I]);
    }
  };
  size_t Threads = std::min<size_t>(P->Slots.size(), Requests.size());
  std::vector<std::thread> Pool;
  for (size_t I = 1; I < Threads; ++I)
    Pool.emplace_back(Work);
  Work();
  for (std::thread &T : Pool)
    T.join();
  return Results;
}

void Sandbox::setJobTimeout(double Seconds) { P->Timeout = Seconds; }
double Sandbox::jobTimeout() const { return P->Timeout; }

SandboxStats Sandbox::stats() const {
  std::lock_guard<std::mutex> G(P->Lock);
  return P->Stats;
}

pid_t Sandbox::serverPid() const { return P->Server; }

std::vector<pid_t> Sandbox::workerPids() const {
  std::lock_guard<std::mutex> G(P->Lock);
  std::vector<pid_t> Pids;
  for (const Impl::Slot &S : P->Slots)
    if (S.Pid)
      Pids.push_back(S.Pid);
  return Pids;
}

} // namespace gevo
