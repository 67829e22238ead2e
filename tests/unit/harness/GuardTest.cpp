//===- GuardTest.cpp - runGuarded turns fatal errors and crashes into Errors ===//

#include "Guard.h"

#include "llvm/Support/ErrorHandling.h"

#include "gtest/gtest.h"

#include <csignal>
#include <string>

using namespace llvm;
using namespace gevo;

namespace {

TEST(GuardTest, PassesResultsThrough) {
  EXPECT_FALSE(bool(runGuarded("nothing", [] { return Error::success(); })));
  Error E = runGuarded("failing", [] {
    return createStringError(inconvertibleErrorCode(), "plain error");
  });
  EXPECT_EQ(toString(std::move(E)), "plain error");
}

TEST(GuardTest, FatalErrorBecomesAnError) {
  Error E = runGuarded("step", []() -> Error {
    report_fatal_error("backend gave up", /*gen_crash_diag=*/true);
  });
  EXPECT_EQ(toString(std::move(E)), "step: LLVM fatal error: backend gave up");
}

TEST(GuardTest, CrashBecomesAnError) {
  Error E = runGuarded("step", [] {
    std::raise(SIGSEGV);
    return Error::success();
  });
  EXPECT_EQ(toString(std::move(E)), "step: crashed inside LLVM (signal 11)");
}

} // namespace
