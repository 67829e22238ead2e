//===- SandboxTest.cpp - The fork server and its workers under abuse ------===//
//
// Each hostile job is classified, and the pool keeps answering afterwards
// on a fresh worker; destruction leaves no process behind.
//
//===----------------------------------------------------------------------===//

#include "ValueOrFail.h"

#include "gevo/harness/Sandbox.h"

#include <gtest/gtest.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <thread>

#include <unistd.h>

using namespace gevo;

namespace {

[[noreturn]] void spin() {
  volatile uint64_t N = 0;
  for (;;)
    N = N + 1;
}

void segfault() {
  volatile uintptr_t Address = 8;
  *reinterpret_cast<volatile int *>(uintptr_t(Address)) = 1;
}

/// Allocates and touches 64 MiB chunks, up to 100 GiB.
std::string allocateHuge() {
  std::vector<std::unique_ptr<char[]>> Chunks;
  const size_t Chunk = size_t(64) << 20;
  for (size_t Total = 0; Total < (size_t(100) << 30); Total += Chunk) {
    Chunks.emplace_back(new char[Chunk]);
    std::memset(Chunks.back().get(), 1, Chunk);
  }
  return "allocated";
}

std::string flood() {
  std::string Line(1023, 'x');
  for (int I = 0; I < 8192; ++I) // 8 MiB
    std::printf("%s\n", Line.c_str());
  std::printf("END-MARKER\n");
  return "flooded";
}

/// Forks a grandchild (same process group) that sleeps; answers its pid.
std::string orphan() {
  pid_t Pid = fork();
  if (Pid == 0) {
    for (;;)
      pause();
  }
  return std::to_string(Pid);
}

bool exists(const std::string &Path) { return access(Path.c_str(), F_OK) == 0; }

/// Creates Dir/started, then waits for Dir/go (the test holds this worker
/// busy, so that its next job needs another).
std::string hold(const std::string &Dir) {
  std::ofstream(Dir + "/started") << "x";
  while (!exists(Dir + "/go"))
    usleep(1000);
  return "held";
}

std::string handle(std::string_view R) {
  if (R.substr(0, 5) == "echo:")
    return std::string(R.substr(5));
  if (R.substr(0, 5) == "hold:")
    return hold(std::string(R.substr(5)));
  if (R == "segv")
    segfault();
  if (R == "abort")
    std::abort();
  if (R == "spin")
    spin();
  if (R == "alloc")
    return allocateHuge();
  if (R == "flood")
    return flood();
  if (R == "exit")
    _exit(3);
  if (R == "orphan")
    return orphan();
  if (R == "pid")
    return std::to_string(getpid());
  if (R == "restart") {
    requestWorkerRestart();
    return "restarting " + std::to_string(getpid());
  }
  return "unknown";
}

std::unique_ptr<Sandbox> startPool(SandboxOptions O) {
  return gevo::test::valueOrFail(
      Sandbox::start([] { return JobHandler(handle); }, O));
}

SandboxOptions smallOptions(unsigned Workers = 1) {
  SandboxOptions O;
  O.Workers = Workers;
  O.JobTimeoutSeconds = 2;
  O.MemoryLimitBytes = size_t(512) << 20;
  return O;
}

/// True when Pid no longer runs (gone, or a zombie nobody reaps yet).
bool gone(pid_t Pid) {
  if (kill(Pid, 0) != 0)
    return errno == ESRCH;
  std::ifstream Stat("/proc/" + std::to_string(Pid) + "/stat");
  std::string Text((std::istreambuf_iterator<char>(Stat)), {});
  size_t Paren = Text.rfind(')');
  return Paren != std::string::npos && Text.compare(Paren + 2, 1, "Z") == 0;
}

void expectAnswers(Sandbox &Box, const std::string &Text) {
  JobResult R = Box.run("echo:" + Text);
  EXPECT_EQ(R.K, JobResult::Done) << describeJob(R);
  EXPECT_EQ(R.Reply, Text);
}

TEST(Sandbox, EachFaultIsClassifiedAndThePoolGoesOn) {
  auto Box = startPool(smallOptions());
  ASSERT_TRUE(Box);
  expectAnswers(*Box, "first");
  struct {
    const char *Request;
    JobResult::Kind K;
    int Signal;
  } Faults[] = {{"segv", JobResult::Crashed, SIGSEGV},
                {"abort", JobResult::Crashed, SIGABRT},
                {"spin", JobResult::TimedOut, SIGKILL},
                {"alloc", JobResult::OutOfMemory, 0},
                {"exit", JobResult::Exited, 0}};
  for (const auto &F : Faults) {
    JobResult R = Box->run(F.Request);
    EXPECT_EQ(R.K, F.K) << F.Request << ": " << describeJob(R);
    EXPECT_EQ(R.Signal, F.Signal) << F.Request;
    expectAnswers(*Box, std::string("after ") + F.Request);
  }
  SandboxStats S = Box->stats();
  EXPECT_EQ(S.Jobs, 11u);
  EXPECT_EQ(S.restarts(), 5u);
  EXPECT_EQ(S.Spawns, 6u);
  EXPECT_EQ(S.ByKind[JobResult::Crashed], 2u);
  EXPECT_EQ(S.ByKind[JobResult::TimedOut], 1u);
  EXPECT_EQ(S.ByKind[JobResult::OutOfMemory], 1u);
}

TEST(Sandbox, CpuLimitIsATimeout) {
  SandboxOptions O = smallOptions();
  O.JobTimeoutSeconds = 30;
  O.CpuSecondsPerJob = 1;
  auto Box = startPool(O);
  ASSERT_TRUE(Box);
  JobResult R = Box->run("spin");
  // SIGXCPU: the CPU limit ended the job, not the watchdog (SIGKILL). Its
  // wall time depends on the load (1-2 CPU seconds took 11 s on a loaded
  // machine), so only the watchdog bounds it.
  EXPECT_EQ(R.K, JobResult::TimedOut);
  EXPECT_EQ(R.Signal, SIGXCPU);
  EXPECT_LT(R.Seconds, O.JobTimeoutSeconds);
  expectAnswers(*Box, "after cpu");
}

TEST(Sandbox, OutputIsCappedToItsTail) {
  auto Box = startPool(smallOptions());
  ASSERT_TRUE(Box);
  JobResult R = Box->run("flood");
  ASSERT_EQ(R.K, JobResult::Done) << describeJob(R);
  EXPECT_EQ(R.Reply, "flooded");
  EXPECT_EQ(R.OutputTail.size(), size_t(64) << 10);
  EXPECT_EQ(R.OutputTail.substr(R.OutputTail.size() - 11), "END-MARKER\n");
  // The next job's output starts empty.
  JobResult Next = Box->run("echo:x");
  EXPECT_EQ(Next.OutputTail, "");
}

TEST(Sandbox, RunAllKeepsInputOrderAcrossWorkers) {
  auto Box = startPool(smallOptions(2));
  ASSERT_TRUE(Box);
  std::vector<std::string> Requests;
  for (int I = 0; I < 40; ++I)
    Requests.push_back(I % 10 == 3 ? "segv" : "echo:" + std::to_string(I));
  std::vector<JobResult> Results = Box->runAll(Requests);
  ASSERT_EQ(Results.size(), Requests.size());
  for (int I = 0; I < 40; ++I) {
    if (I % 10 == 3) {
      EXPECT_EQ(Results[I].K, JobResult::Crashed) << I;
      continue;
    }
    EXPECT_EQ(Results[I].K, JobResult::Done) << I;
    EXPECT_EQ(Results[I].Reply, std::to_string(I));
  }
  EXPECT_EQ(Box->stats().Jobs, 40u);
  EXPECT_EQ(Box->stats().ByKind[JobResult::Crashed], 4u);
  EXPECT_EQ(countThreads(), 1u); // runAll's threads are joined
}

TEST(Sandbox, AWorkerThatAsksForARestartAnswersAndMakesWay) {
  auto Box = startPool(smallOptions(1));
  ASSERT_TRUE(Box);
  JobResult First = Box->run("pid");
  JobResult Restart = Box->run("restart");
  EXPECT_EQ(Restart.K, JobResult::Done) << describeJob(Restart);
  EXPECT_EQ(Restart.Reply, "restarting " + First.Reply);
  pid_t Old = std::stoi(First.Reply);
  EXPECT_TRUE(gone(Old));
  JobResult After = Box->run("pid");
  EXPECT_EQ(After.K, JobResult::Done) << describeJob(After);
  EXPECT_NE(After.Reply, First.Reply);
  EXPECT_EQ(Box->stats().Spawns, 2u);
  EXPECT_EQ(Box->stats().restarts(), 0u); // every job was Done
}

// Two workers are alive for sure (runAll could run both jobs on one): the
// first is held busy while the second starts a grandchild.
TEST(Sandbox, DestructionLeavesNoProcessBehind) {
  SandboxOptions O = smallOptions(2);
  O.JobTimeoutSeconds = 60;
  auto Box = startPool(O);
  ASSERT_TRUE(Box);
  char Dir[] = "/tmp/gevo-sandbox-XXXXXX";
  ASSERT_TRUE(mkdtemp(Dir));
  JobResult Held;
  std::thread Holder([&] { Held = Box->run(std::string("hold:") + Dir); });
  for (int I = 0; I < 6000 && !exists(std::string(Dir) + "/started"); ++I)
    usleep(10000);
  JobResult Orphan = Box->run("orphan");
  std::ofstream(std::string(Dir) + "/go") << "x";
  Holder.join();
  ASSERT_EQ(Held.K, JobResult::Done) << describeJob(Held);
  ASSERT_EQ(Orphan.K, JobResult::Done) << describeJob(Orphan);
  std::vector<pid_t> Pids = Box->workerPids();
  ASSERT_EQ(Pids.size(), 2u);
  Pids.push_back(Box->serverPid());
  Pids.push_back(pid_t(std::stol(Orphan.Reply)));
  for (pid_t Pid : Pids)
    EXPECT_FALSE(gone(Pid)) << Pid;
  Box.reset();
  for (pid_t Pid : Pids) {
    for (int I = 0; I < 100 && !gone(Pid); ++I)
      usleep(20000);
    EXPECT_TRUE(gone(Pid)) << Pid;
  }
  for (const char *File : {"/started", "/go"})
    std::remove((std::string(Dir) + File).c_str());
  rmdir(Dir);
}

TEST(Sandbox, RefusesAMultithreadedProcess) {
  std::atomic<bool> Stop{false};
  std::thread T([&] {
    while (!Stop)
      usleep(1000);
  });
  auto Box = Sandbox::start([] { return JobHandler(handle); }, smallOptions());
  Stop = true;
  T.join();
  ASSERT_FALSE(Box);
  EXPECT_NE(llvm::toString(Box.takeError()).find("single-threaded"),
            std::string::npos);
}

TEST(Sandbox, SetupFailuresAreErrors) {
  auto Failing = Sandbox::start(
      []() -> llvm::Expected<JobHandler> {
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "no base kernel");
      },
      smallOptions());
  ASSERT_FALSE(Failing);
  EXPECT_EQ(llvm::toString(Failing.takeError()), "no base kernel");
  auto Dying = Sandbox::start(
      []() -> llvm::Expected<JobHandler> {
        segfault();
        return JobHandler(handle);
      },
      smallOptions());
  ASSERT_FALSE(Dying);
  EXPECT_NE(llvm::toString(Dying.takeError()).find("died during set-up"),
            std::string::npos);
}

} // namespace
