//===- Runner.cpp - Each app's gevo-evolve as a child process -------------===//

#include "Runner.h"

#include "gevo/harness/Cluster.h"

#include "ToolSupport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace llvm;

namespace gevo::suite {

namespace {
using Clock = std::chrono::steady_clock;

volatile sig_atomic_t StopSignal = 0;

double secondsSince(Clock::time_point T) {
  return std::chrono::duration<double>(Clock::now() - T).count();
}

struct Child {
  size_t Index;
  pid_t Pid;
  Clock::time_point Start;
  bool Killed = false;
};

/// Forks and execs L in a new process group; -1 when fork fails. A failed
/// exec is exit status 127 with the reason in the log. The child does not
/// inherit an MPI launcher's variables: it is not a rank of the suite's job.
pid_t spawn(const Launch &L) {
  std::vector<char *> Args;
  for (const std::string &A : L.Argv)
    Args.push_back(const_cast<char *>(A.c_str()));
  Args.push_back(nullptr);
  std::vector<char *> Env;
  for (char **E = environ; *E; ++E)
    if (!cluster::isLauncherVariable(*E))
      Env.push_back(*E);
  Env.push_back(nullptr);
  pid_t Parent = getpid();
  pid_t Pid = fork();
  if (Pid != 0) {
    if (Pid > 0)
      setpgid(Pid, Pid); // also done by the child: whichever runs first
    return Pid;
  }
  setpgid(0, 0);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != Parent) // the suite died before prctl
    _exit(127);
  int Log = open(L.Log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  int Null = open("/dev/null", O_RDONLY);
  if (Log < 0 || Null < 0)
    _exit(127);
  dup2(Null, 0);
  dup2(Log, 1);
  dup2(Log, 2);
  execve(Args[0], Args.data(), Env.data());
  dprintf(2, "gevo-suite: cannot run '%s': %s\n", Args[0], strerror(errno));
  _exit(127);
}

/// Progress lines on stderr.
class Progress {
public:
  Progress(const std::vector<Launch> &Apps, const RunnerOptions &O,
           const std::vector<Child> &Running)
      : Apps(Apps), O(O), Running(Running) {}

  void started(size_t I) { say(Apps[I].Name + " started"); }
  void ended(size_t I, const Ending &E, const Outcome &What) {
    ++Done;
    bool Started = E.How != Ending::NotRun &&
                   !(E.How == Ending::Interrupted && E.Seconds == 0);
    if (!Started)
      return say(Apps[I].Name + ": " + What.Words);
    if (What.Finished) {
      ++FinishedApps;
      FinishedSeconds += E.Seconds;
    }
    say(Apps[I].Name + ": " + What.Words + " after " + formatDuration(E.Seconds));
  }
  /// Every minute without another line: what the running apps are doing.
  void heartbeat() {
    if (secondsSince(Last) < 60 || Running.empty())
      return;
    std::vector<std::string> Parts;
    for (const Child &C : Running) {
      std::vector<std::string> L = lastLines(Apps[C.Index].Log, 1);
      std::string Now = L.empty() ? "starting" : L[0].substr(0, 120);
      Parts.push_back(Apps[C.Index].Name + " (" + Now + ")");
    }
    say("running " + join(Parts, ", "));
  }

private:
  /// Seconds left: apps not started and the rest of the running ones, at
  /// the mean time per app so far, spread over the jobs; < 0 unknown.
  double eta() const {
    double PerApp =
        FinishedApps ? FinishedSeconds / FinishedApps : O.EstimateSeconds;
    if (PerApp <= 0)
      return -1;
    double Left = PerApp * (Apps.size() - Done - Running.size());
    for (const Child &C : Running)
      Left += std::max(0.0, PerApp - secondsSince(C.Start));
    return Left / std::max(1u, O.Jobs);
  }
  void say(const std::string &What) {
    double Eta = eta();
    std::string EtaText = Done == Apps.size() ? "0s"
                          : Eta < 0           ? "after the first app"
                                              : formatDuration(Eta);
    std::fprintf(stderr, "gevo-suite: [%zu/%zu done] %s | elapsed %s | ETA %s\n",
                 Done, Apps.size(), What.c_str(),
                 formatDuration(secondsSince(Start)).c_str(), EtaText.c_str());
    std::fflush(stderr);
    Last = Clock::now();
  }

  const std::vector<Launch> &Apps;
  const RunnerOptions &O;
  const std::vector<Child> &Running;
  Clock::time_point Start = Clock::now(), Last = Clock::now();
  size_t Done = 0, FinishedApps = 0;
  double FinishedSeconds = 0;
};

/// How a reaped child ended, from its wait status.
Ending endingOf(const Child &C, int Status) {
  Ending E;
  E.Seconds = secondsSince(C.Start);
  if (C.Killed)
    E.How = Ending::TimedOut;
  else if (WIFEXITED(Status))
    E = {Ending::Exited, WEXITSTATUS(Status), E.Seconds};
  else
    E = {Ending::Signalled, WTERMSIG(Status), E.Seconds};
  return E;
}
} // namespace

void stopOnSignals() {
  struct sigaction A = {};
  A.sa_handler = [](int Sig) { StopSignal = Sig; };
  for (int Sig : {SIGINT, SIGTERM, SIGHUP})
    sigaction(Sig, &A, nullptr);
}

int stopSignal() { return StopSignal; }

std::vector<Ending> runAll(const std::vector<Launch> &Apps,
                           const RunnerOptions &O, const DescribeFn &Describe) {
  std::vector<Ending> Ends(Apps.size());
  std::vector<Child> Running;
  Progress P(Apps, O, Running);
  size_t Next = 0, Done = 0;
  auto End = [&](size_t I, const Ending &E) {
    Ends[I] = E;
    ++Done;
    P.ended(I, E, Describe(I, E));
  };
  while (Done < Apps.size()) {
    if (StopSignal) {
      for (const Child &C : Running) {
        kill(-C.Pid, SIGKILL);
        while (waitpid(C.Pid, nullptr, 0) < 0 && errno == EINTR)
          ;
        End(C.Index, {Ending::Interrupted, StopSignal, secondsSince(C.Start)});
      }
      Running.clear();
      while (Next < Apps.size())
        End(Next++, {Ending::Interrupted, StopSignal, 0});
      break;
    }
    while (Running.size() < std::max(1u, O.Jobs) && Next < Apps.size()) {
      size_t I = Next++;
      pid_t Pid = Apps[I].Argv.empty() ? -1 : spawn(Apps[I]);
      if (Pid < 0) {
        End(I, Ending{Ending::NotRun, Apps[I].Argv.empty() ? 0 : errno, 0});
        continue;
      }
      Running.push_back({I, Pid, Clock::now()});
      P.started(I);
    }
    for (size_t K = 0; K < Running.size();) {
      Child &C = Running[K];
      // Look without reaping: while the leader is a zombie its group id
      // cannot be reused, so killing the group hits only what it left.
      siginfo_t Info{};
      int W = waitid(P_PID, C.Pid, &Info, WEXITED | WNOHANG | WNOWAIT);
      if ((W == 0 && Info.si_pid == 0) || (W < 0 && errno == EINTR)) {
        if (O.LimitSeconds > 0 && !C.Killed &&
            secondsSince(C.Start) > O.LimitSeconds) {
          kill(-C.Pid, SIGKILL);
          C.Killed = true;
        }
        ++K;
        continue;
      }
      kill(-C.Pid, SIGKILL);
      int Status = 0;
      while (waitpid(C.Pid, &Status, 0) < 0 && errno == EINTR)
        ;
      Child Ended = C;
      Running.erase(Running.begin() + K);
      End(Ended.Index, endingOf(Ended, Status));
    }
    P.heartbeat();
    if (!Running.empty())
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  return Ends;
}

std::vector<std::string> lastLines(const std::string &Path, unsigned N) {
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return {};
  SmallVector<StringRef, 64> Lines;
  (*Buf)->getBuffer().split(Lines, '\n', -1, /*KeepEmpty=*/false);
  std::vector<std::string> Out;
  for (StringRef L : Lines) {
    StringRef T = L.trim();
    if (!T.empty())
      Out.push_back(T.str());
  }
  if (Out.size() > N)
    Out.erase(Out.begin(), Out.end() - N);
  return Out;
}

} // namespace gevo::suite
