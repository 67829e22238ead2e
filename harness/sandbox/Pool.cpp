//===- Pool.cpp - Running one job on a worker, from the parent --------------===//

#include "Pool.h"
#include "Channel.h"
#include "Server.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

namespace gevo {

using namespace sandbox;
using Clock = std::chrono::steady_clock;

namespace {
/// Appends what Fd has now to Tail, keeping its last Cap bytes.
void drain(int Fd, std::string &Tail, size_t Cap) {
  char Buf[16384];
  for (;;) {
    ssize_t N = read(Fd, Buf, sizeof(Buf));
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      break;
    Tail.append(Buf, size_t(N));
    if (Tail.size() > 2 * Cap + sizeof(Buf))
      Tail.erase(0, Tail.size() - Cap);
  }
  if (Tail.size() > Cap)
    Tail.erase(0, Tail.size() - Cap);
}

/// Reads what the socket has into Buf; false on EOF or error.
bool receive(int Fd, std::string &Buf) {
  char Chunk[65536];
  for (;;) {
    ssize_t N = recv(Fd, Chunk, sizeof(Chunk), MSG_DONTWAIT);
    if (N > 0) {
      Buf.append(Chunk, size_t(N));
      continue;
    }
    if (N < 0 && errno == EINTR)
      continue;
    return N < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
  }
}

/// How a worker that did not answer ended, from its wait status.
void classify(JobResult &R, int Status, bool KilledByWatchdog) {
  if (KilledByWatchdog) {
    R.K = JobResult::TimedOut;
    R.Signal = SIGKILL;
  } else if (Status >= 0 && WIFSIGNALED(Status)) {
    R.Signal = WTERMSIG(Status);
    R.K = R.Signal == SIGXCPU ? JobResult::TimedOut : JobResult::Crashed;
  } else if (Status >= 0 && WIFEXITED(Status)) {
    R.K = JobResult::Exited;
    R.ExitCode = WEXITSTATUS(Status);
  } else {
    R.K = JobResult::Lost;
    R.Reply = "the worker's end is unknown (the sandbox server is gone)";
  }
}
} // namespace

bool Sandbox::Impl::control(char Op, int64_t Arg, const std::vector<int> &Fds,
                            int64_t &Answer) {
  std::lock_guard<std::mutex> G(CtrlLock);
  char Back;
  std::vector<int> None;
  return Ctrl >= 0 && sendControl(Ctrl, Op, Arg, Fds) &&
         recvControl(Ctrl, Back, Answer, None) && Back == Op;
}

std::string Sandbox::Impl::spawn(Slot &S) {
  int Sock[2], Pipe[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, Sock) != 0)
    return std::string("socketpair: ") + std::strerror(errno);
  if (pipe2(Pipe, O_CLOEXEC) != 0) {
    close(Sock[0]);
    close(Sock[1]);
    return std::string("pipe: ") + std::strerror(errno);
  }
  int64_t Pid = 0;
  bool Ok = control('S', &S - Slots.data(), {Sock[1], Pipe[1]}, Pid);
  close(Sock[1]);
  close(Pipe[1]);
  if (!Ok || Pid <= 0) {
    close(Sock[0]);
    close(Pipe[0]);
    return !Ok ? "the sandbox server is gone"
               : std::string("fork: ") + std::strerror(int(-Pid));
  }
  fcntl(Pipe[0], F_SETFL, O_NONBLOCK);
  std::lock_guard<std::mutex> G(Lock);
  S.Job = Sock[0];
  S.Out = Pipe[0];
  S.Pid = pid_t(Pid);
  ++Stats.Spawns;
  return "";
}

int Sandbox::Impl::retire(Slot &S) {
  kill(-S.Pid, SIGKILL);
  int64_t Status = -1;
  if (!control('W', S.Pid, {}, Status))
    Status = -1;
  close(S.Job);
  close(S.Out);
  std::lock_guard<std::mutex> G(Lock);
  S.Job = S.Out = -1;
  S.Pid = 0;
  return int(Status);
}

JobResult Sandbox::Impl::runOn(Slot &S, std::string_view Request) {
  JobResult R;
  auto Start = Clock::now();
  if (!S.Pid) {
    std::string Err = spawn(S);
    if (!Err.empty()) {
      R.K = JobResult::Lost;
      R.Reply = "cannot start a worker: " + Err;
      return R;
    }
  }
  auto Deadline = Start + std::chrono::duration<double>(Timeout.load());
  std::string Buf;
  size_t Frame = 0;
  bool Alive = sendFrame(S.Job, ReplyDone, Request), Watchdog = false;
  while (Alive && !Frame) {
    auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(
        Deadline - Clock::now());
    if (Left.count() <= 0) {
      Watchdog = true;
      break;
    }
    pollfd Fds[2] = {{S.Job, POLLIN, 0}, {S.Out, POLLIN, 0}};
    if (poll(Fds, 2, int(std::min<int64_t>(Left.count() + 1, 1000))) < 0 &&
        errno != EINTR)
      break;
    if (Fds[1].revents)
      drain(S.Out, R.OutputTail, Opts.OutputCapBytes);
    if (Fds[0].revents) {
      Alive = receive(S.Job, Buf);
      Frame = frameSize(Buf);
    }
  }
  drain(S.Out, R.OutputTail, Opts.OutputCapBytes);
  R.Seconds = std::chrono::duration<double>(Clock::now() - Start).count();
  if (Frame && (Buf[8] == ReplyDone || Buf[8] == ReplyRestart)) {
    R.Reply = Buf.substr(9, Frame - 9);
    if (Buf[8] == ReplyRestart)
      retire(S); // It exits; the slot's next job gets a fresh worker.
    return R;
  }
  int Status = retire(S);
  if (Frame) {
    R.K = JobResult::OutOfMemory;
    R.Reply = Buf.substr(9, Frame - 9);
  } else {
    classify(R, Status, Watchdog);
  }
  return R;
}

Sandbox::Impl::Slot &Sandbox::Impl::acquire() {
  std::unique_lock<std::mutex> G(Lock);
  for (;;) {
    for (Slot &S : Slots)
      if (!S.Busy) {
        S.Busy = true;
        return S;
      }
    SlotFree.wait(G);
  }
}

void Sandbox::Impl::release(Slot &S, const JobResult &R) {
  {
    std::lock_guard<std::mutex> G(Lock);
    S.Busy = false;
    ++Stats.Jobs;
    ++Stats.ByKind[R.K];
    Stats.LongestJobSeconds = std::max(Stats.LongestJobSeconds, R.Seconds);
  }
  SlotFree.notify_one();
}

Sandbox::Impl::~Impl() {
  for (Slot &S : Slots)
    if (S.Pid) {
      kill(-S.Pid, SIGKILL);
      close(S.Job);
      close(S.Out);
    }
  if (Ctrl >= 0) {
    sendControl(Ctrl, 'Q', 0, {});
    close(Ctrl);
  }
  if (Server > 0)
    while (waitpid(Server, nullptr, 0) < 0 && errno == EINTR) {
    }
}

} // namespace gevo
