//===- ProcessTest.cpp - Running another program --------------------------===//

#include "gevo/support/Process.h"

#include <gtest/gtest.h>

#include <csignal>

#include <unistd.h>

using namespace gevo;

namespace {

TEST(Process, CapturesBothStreamsAndTheExitStatus) {
  ProgramResult R = runProgram({"sh", "-c", "echo out; echo err >&2; exit 3"});
  EXPECT_EQ(R.Exit, 3);
  EXPECT_EQ(R.Error, "");
  EXPECT_NE(R.Output.find("out\n"), std::string::npos) << R.Output;
  EXPECT_NE(R.Output.find("err\n"), std::string::npos) << R.Output;
}

TEST(Process, StdinIsEmptyWhenCaptured) {
  ProgramResult R = runProgram({"sh", "-c", "cat; echo done"});
  EXPECT_EQ(R.Exit, 0);
  EXPECT_EQ(R.Output, "done\n");
}

TEST(Process, AProgramNotOnThePathIsSaid) {
  ProgramResult R = runProgram({"gevo-no-such-program-x"});
  EXPECT_EQ(R.Exit, -1);
  EXPECT_EQ(R.Error, "'gevo-no-such-program-x' not found on PATH");
  EXPECT_EQ(runProgram({}).Error, "no program to run");
}

TEST(Process, ATimeoutStopsTheProgram) {
  RunOptions O;
  O.TimeoutSeconds = 1;
  ProgramResult R = runProgram({"sleep", "30"}, O);
  EXPECT_EQ(R.Exit, -1);
  EXPECT_FALSE(R.Error.empty());
}

TEST(AnswerInChild, TheAnswerComesFromTheChild) {
  pid_t Parent = getpid();
  // Larger than a pipe's buffer: the parent reads while the child writes.
  ChildAnswer A = answerInChild([&] {
    return std::string(1 << 20, getpid() == Parent ? 'p' : 'c');
  });
  ASSERT_TRUE(A.Answer) << A.Error;
  EXPECT_EQ(*A.Answer, std::string(1 << 20, 'c'));
  int Touched = 0;
  answerInChild([&] { return std::to_string(++Touched); });
  EXPECT_EQ(Touched, 0); // the child's memory is its own
}

TEST(AnswerInChild, ADeathOrATimeoutIsSaid) {
  ChildAnswer Died = answerInChild([] {
    std::signal(SIGSEGV, SIG_DFL);
    std::raise(SIGSEGV);
    return std::string("unreachable");
  });
  EXPECT_FALSE(Died.Answer);
  EXPECT_EQ(Died.Error, "died by signal 11");
  ChildAnswer Slow = answerInChild(
      [] {
        pause();
        return std::string();
      },
      /*TimeoutSeconds=*/1);
  EXPECT_FALSE(Slow.Answer);
  EXPECT_EQ(Slow.Error, "died by signal 14"); // SIGALRM
  ChildAnswer Exited = answerInChild([]() -> std::string { _exit(2); });
  EXPECT_EQ(Exited.Error, "exited with status 2");
}

} // namespace
