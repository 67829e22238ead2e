//===- Server.h - The sandbox's fork server and worker loop ------*- C++ -*-===//
//
// Both run in child processes of the Sandbox's creator. The server answers
// control messages on its socket: 'S' (with a job socket and an output
// pipe) forks a worker and answers its pid, 'W' pid reaps that worker and
// answers its wait status, 'Q' or EOF kills every worker's process group,
// reaps them and exits.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_SANDBOX_SERVER_H
#define GEVO_HARNESS_SANDBOX_SERVER_H

#include "gevo/harness/Sandbox.h"

namespace gevo::sandbox {

/// Frame kinds of a worker's answer: done; done, and the worker exits now
/// (requestWorkerRestart); out of memory.
constexpr char ReplyDone = 'D', ReplyRestart = 'R', ReplyOutOfMemory = 'M';

struct WorkerLimits {
  size_t MemoryBytes = 0;
  double CpuSecondsPerJob = 0;
};

/// The server's loop on control socket Ctrl; exits the process at the end.
[[noreturn]] void serveForever(int Ctrl, const JobHandler &Handler,
                               const WorkerLimits &Limits);

} // namespace gevo::sandbox

#endif
