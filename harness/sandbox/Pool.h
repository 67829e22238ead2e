//===- Pool.h - The parent's side of the sandbox -----------------*- C++ -*-===//
//
// Sandbox::Impl: the control socket to the server (one request and its
// answer at a time, under a mutex) and one slot per worker. A slot is used
// by one thread at a time; runOn runs a job on it, watching the reply
// socket, the output pipe and the deadline together.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_SANDBOX_POOL_H
#define GEVO_HARNESS_SANDBOX_POOL_H

#include "gevo/harness/Sandbox.h"

#include <atomic>
#include <condition_variable>
#include <mutex>

namespace gevo {

struct Sandbox::Impl {
  struct Slot {
    int Job = -1; ///< the parent's end of the worker's socketpair
    int Out = -1; ///< read end of the worker's stdout/stderr pipe
    pid_t Pid = 0;
    bool Busy = false;
  };

  SandboxOptions Opts;
  pid_t Server = 0;
  int Ctrl = -1;
  std::mutex CtrlLock;
  mutable std::mutex Lock; ///< Slots' Busy and Pid, Stats
  std::condition_variable SlotFree;
  std::vector<Slot> Slots;
  SandboxStats Stats;
  std::atomic<double> Timeout{10};

  ~Impl();
  /// Asks the server; false when it is gone.
  bool control(char Op, int64_t Arg, const std::vector<int> &Fds,
               int64_t &Answer);
  /// Forks a worker for S; an error message, or "" on success.
  std::string spawn(Slot &S);
  /// Kills S's worker group, reaps it and returns its wait status (-1 when
  /// unknown); the slot is then empty.
  int retire(Slot &S);
  JobResult runOn(Slot &S, std::string_view Request);
  Slot &acquire();
  void release(Slot &S, const JobResult &R);
};

} // namespace gevo

#endif
