//===- ProcessTest.cpp - Running another program --------------------------===//

#include "gevo/support/Process.h"

#include <gtest/gtest.h>

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

} // namespace
