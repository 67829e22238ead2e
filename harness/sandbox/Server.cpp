//===- Server.cpp - The sandbox's fork server and worker loop ---------------===//

#include "Server.h"
#include "Channel.h"

#include "llvm/Support/ErrorHandling.h"

#include <csignal>
#include <cstdio>
#include <new>
#include <set>

#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace gevo::sandbox {

namespace {
/// The worker's job socket, for LLVM's bad-alloc handler.
int WorkerJobFd = -1;
/// Set by requestWorkerRestart during a job.
bool RestartRequested = false;
unsigned WorkerSlot = 0;

void llvmBadAlloc(void *, const char *Reason, bool) {
  sendFrame(WorkerJobFd, ReplyOutOfMemory, Reason ? Reason : "bad alloc");
  _exit(0);
}

void setLimit(int Resource, rlim_t Soft, rlim_t Hard) {
  rlimit L{Soft, Hard};
  setrlimit(Resource, &L);
}

/// RLIMIT_CPU counts the worker's whole life: renew it before each job.
void renewCpuLimit(double Seconds) {
  rusage U;
  getrusage(RUSAGE_SELF, &U);
  double Used = U.ru_utime.tv_sec + U.ru_stime.tv_sec + 1;
  rlimit L;
  getrlimit(RLIMIT_CPU, &L);
  rlim_t Soft = rlim_t(Used + Seconds);
  if (L.rlim_max != RLIM_INFINITY && Soft > L.rlim_max)
    Soft = L.rlim_max;
  setLimit(RLIMIT_CPU, Soft, L.rlim_max);
}

[[noreturn]] void workerLoop(int Job, const JobHandler &Handler,
                             const WorkerLimits &Limits) {
  WorkerJobFd = Job;
  llvm::install_bad_alloc_error_handler(llvmBadAlloc);
  for (;;) {
    char Kind;
    std::string Request;
    if (!recvFrame(Job, Kind, Request))
      _exit(0);
    renewCpuLimit(Limits.CpuSecondsPerJob);
    std::string Reply;
    Kind = ReplyDone;
    try {
      Reply = Handler(Request);
      if (RestartRequested)
        Kind = ReplyRestart;
    } catch (const std::bad_alloc &) {
      Kind = ReplyOutOfMemory;
      Reply = "std::bad_alloc";
    }
    std::fflush(nullptr);
    if (!sendFrame(Job, Kind, Reply) || Kind == ReplyRestart)
      _exit(0);
  }
}

/// In the new worker: own process group, dies with the server, limits,
/// default signal actions, output into the pipe.
void becomeWorker(pid_t Server, int Ctrl, int Out, const WorkerLimits &L) {
  close(Ctrl);
  setpgid(0, 0);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != Server)
    _exit(0);
  for (int Sig : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGXCPU, SIGPIPE,
                  SIGTERM, SIGINT})
    std::signal(Sig, SIG_DFL);
  if (L.MemoryBytes) // 0: none (a GPU driver reserves far more address space)
    setLimit(RLIMIT_AS, L.MemoryBytes, L.MemoryBytes);
  setLimit(RLIMIT_CORE, 0, 0);
  dup2(Out, STDOUT_FILENO);
  dup2(Out, STDERR_FILENO);
  close(Out);
}

struct Server {
  int Ctrl;
  const JobHandler &Handler;
  WorkerLimits Limits;
  std::set<pid_t> Live;

  int64_t spawn(unsigned Slot, const std::vector<int> &Fds) {
    if (Fds.size() != 2)
      return -EINVAL;
    std::fflush(nullptr);
    pid_t Self = getpid();
    pid_t Pid = fork();
    if (Pid == 0) {
      WorkerSlot = Slot;
      becomeWorker(Self, Ctrl, Fds[1], Limits);
      workerLoop(Fds[0], Handler, Limits);
    }
    int Err = errno;
    for (int Fd : Fds)
      close(Fd);
    if (Pid < 0)
      return -Err;
    setpgid(Pid, Pid); // also done by the worker: whichever runs first
    Live.insert(Pid);
    return Pid;
  }

  int64_t reap(pid_t Pid) {
    if (!Live.count(Pid))
      return -1;
    int Status = 0;
    while (waitpid(Pid, &Status, 0) < 0)
      if (errno != EINTR)
        return -1;
    Live.erase(Pid);
    return Status;
  }

  [[noreturn]] void shutDown() {
    for (pid_t Pid : Live)
      kill(-Pid, SIGKILL);
    for (pid_t Pid : Live)
      while (waitpid(Pid, nullptr, 0) < 0 && errno == EINTR) {
      }
    _exit(0);
  }
};
} // namespace

void serveForever(int Ctrl, const JobHandler &Handler,
                  const WorkerLimits &Limits) {
  Server S{Ctrl, Handler, Limits, {}};
  for (;;) {
    char Op;
    int64_t Arg;
    std::vector<int> Fds;
    if (!recvControl(Ctrl, Op, Arg, Fds) || Op == 'Q')
      S.shutDown();
    int64_t Answer = -EINVAL;
    if (Op == 'S')
      Answer = S.spawn(unsigned(Arg), Fds);
    else if (Op == 'W')
      Answer = S.reap(pid_t(Arg));
    if (!sendControl(Ctrl, Op, Answer, {}))
      S.shutDown();
  }
}

} // namespace gevo::sandbox

void gevo::requestWorkerRestart() { sandbox::RestartRequested = true; }

unsigned gevo::workerSlot() { return sandbox::WorkerSlot; }
