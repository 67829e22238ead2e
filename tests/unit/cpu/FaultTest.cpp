//===- FaultTest.cpp - Hostile kernels end with a status, never a crash ---===//

#include "CpuTest.h"

#include <cstdio>

using namespace gevo;
using namespace gevo::cpu;
using namespace gevo::cpu::test;

namespace {

class Faults : public BufferKernelTest {
protected:
  Faults() : BufferKernelTest(Decls, std::vector<int>(16)) {}
  /// Launches kernel @k(ptr %buf) of \p Body on a 16-int device buffer.
  LaunchResult runHostile(llvm::StringRef Body, Options Opts = {},
                          Dim3 Block = {64}) {
    Opts.ThreadCostLimit = std::min<uint64_t>(Opts.ThreadCostLimit, 1 << 20);
    return launchK(Body, {4}, Block, Opts);
  }
  static constexpr const char *Decls = R"(
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
!0 = !{!"U7"}
)";
};

const char *OobWriteIR = R"(
define ptx_kernel void @k(ptr %buf) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %p = getelementptr i32, ptr %buf, i64 %i
  store i32 1, ptr %p, !gevo.uid !0
  ret void
}
)";

TEST_F(Faults, OutOfBoundsWriteNamesTheStore) {
  LaunchResult R = runHostile(OobWriteIR);
  EXPECT_TRUE(faultAt(R, Status::OobWrite, "U7"));
  // The 16 in-bounds stores of block 0 happened; nothing past the buffer.
  EXPECT_EQ(Buf.read(), std::vector<int>(16, 1));
}

TEST_F(Faults, OutOfBoundsReadNamesTheLoad) {
  LaunchResult R = runHostile(R"(
define ptx_kernel void @k(ptr %buf) {
  %p = getelementptr i32, ptr %buf, i64 -1
  %v = load volatile i32, ptr %p, !gevo.uid !0
  store i32 %v, ptr %buf
  ret void
}
)");
  EXPECT_TRUE(faultAt(R, Status::OobRead, "U7"));
}

TEST_F(Faults, WriteToConstantMemory) {
  LaunchResult R = runHostile(R"(
@c = addrspace(4) externally_initialized global [4 x i32] zeroinitializer
define ptx_kernel void @k(ptr %buf) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %p = getelementptr [4 x i32], ptr addrspace(4) @c, i64 0, i64 %i
  store i32 1, ptr addrspace(4) %p, !gevo.uid !0
  ret void
}
)");
  EXPECT_EQ(R.S, Status::OobWrite) << R.Message;
}

TEST_F(Faults, InfiniteLoopTimesOut) {
  LaunchResult R = runHostile(R"(
define ptx_kernel void @k(ptr %buf) {
entry:
  br label %spin
spin:
  br label %spin
}
)");
  EXPECT_EQ(R.S, Status::Timeout) << R.Message;
}

// clang marks a kernel that never returns noreturn; the step budget's exit
// returns all the same, so the attribute must go (it crashed the host).
TEST_F(Faults, NoReturnInfiniteLoopTimesOut) {
  LaunchResult R = runHostile(R"(
define ptx_kernel void @k(ptr %buf) #0 {
entry:
  br label %spin
spin:
  store volatile i32 1, ptr %buf
  br label %spin
}
attributes #0 = { noreturn nounwind }
)");
  EXPECT_EQ(R.S, Status::Timeout) << R.Message;
}

TEST_F(Faults, InfiniteLoopWithBarrierTimesOut) {
  Options Opts;
  Opts.ThreadCostLimit = 1 << 14;
  LaunchResult R = runHostile(R"(
define ptx_kernel void @k(ptr %buf) {
entry:
  br label %spin
spin:
  call void @llvm.nvvm.barrier0()
  br label %spin
}
)",
                              Opts, {256});
  EXPECT_EQ(R.S, Status::Timeout) << R.Message;
}

// Each of 32 threads loops 20000 times over a barrier, within its own
// budget; together the blocks pass the launch's: Timeout, ok without it.
TEST_F(Faults, ALaunchOfBarrierLoopsStopsAtTheLaunchBudget) {
  const char *IR = R"(
define ptx_kernel void @k(ptr %buf) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  call void @llvm.nvvm.barrier0()
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, 20000
  br i1 %more, label %loop, label %done
done:
  ret void
}
)";
  Options Opts;
  LaunchResult R = runHostile(IR, Opts, {32});
  ASSERT_EQ(R.S, Status::Ok) << R.Message;
  EXPECT_GT(R.ModeledCost, uint64_t(1) << 25);
  Opts.LaunchCostLimit = 1 << 22;
  R = runHostile(IR, Opts, {32});
  EXPECT_EQ(R.S, Status::Timeout) << R.Message;
}

/// Resident set size in pages.
long residentPages() {
  long Size = 0, Resident = 0;
  if (FILE *F = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(F, "%ld %ld", &Size, &Resident) != 2)
      Resident = 0;
    std::fclose(F);
  }
  return Resident;
}

TEST_F(Faults, FaultingFiberLaunchesDoNotLeak) {
  auto P = load(R"(
define ptx_kernel void @k(ptr %buf) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  call void @llvm.nvvm.barrier0()
  %p = getelementptr i32, ptr %buf, i64 %i
  store i32 1, ptr %p
  call void @llvm.nvvm.barrier0()
  ret void
}
)");
  ASSERT_TRUE(P);
  auto Launch = [&] {
    LaunchResult R = run(*P, "k", {{8}, {256}}, Buf.get());
    ASSERT_EQ(R.S, Status::OobWrite);
  };
  for (int I = 0; I < 20; ++I)
    Launch();
  long Before = residentPages();
  for (int I = 0; I < 300; ++I)
    Launch();
  // Abandoning the 2,048 fibers of a launch would leak megabytes per launch,
  // gigabytes over 300; 16 MiB leaves room for allocator noise (a 1 MiB
  // bound was flaky).
  EXPECT_LT(residentPages() - Before, 4096) << "pages";
}

TEST_F(Faults, DivisionByZeroAndOverflow) {
  const char *Div = R"(
define ptx_kernel void @k(ptr %buf) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %n = load i32, ptr %buf
  %d = sub i32 %t, DIVISOR
  %q = sdiv i32 %n, %d, !gevo.uid !0
  store i32 %q, ptr %buf
  ret void
}
)";
  std::string ByZero = Div;
  ByZero.replace(ByZero.find("DIVISOR"), 7, "5");
  LaunchResult R = runHostile(ByZero, withoutJudge()); // all store buf[0]
  EXPECT_TRUE(faultAt(R, Status::ArithTrap, "U7"));
  int Min = INT32_MIN;
  llvm::cantFail(copyToDevice(Buf.get(), &Min, 4));
  std::string Overflow = Div;
  Overflow.replace(Overflow.find("DIVISOR"), 7, "1"); // thread 0 divides by -1
  R = runHostile(Overflow, {}, {1});
  EXPECT_EQ(R.S, Status::ArithTrap) << R.Message;
}

TEST_F(Faults, DeepRecursionIsCaught) {
  LaunchResult R = runHostile(R"(
define i32 @down(i32 %n) {
  %a = alloca [64 x i32]
  store volatile i32 %n, ptr %a
  %m = add i32 %n, 1
  %r = call i32 @down(i32 %m)
  %v = load volatile i32, ptr %a
  %s = add i32 %r, %v
  ret i32 %s
}
define ptx_kernel void @k(ptr %buf) {
  %r = call i32 @down(i32 0)
  store i32 %r, ptr %buf
  ret void
}
)");
  EXPECT_TRUE(R.S == Status::Crash || R.S == Status::Timeout) << R.Message;
}

TEST_F(Faults, HugeAllocasAreCaught) {
  LaunchResult R = runHostile(R"(
define ptx_kernel void @k(ptr %buf) {
  %a = alloca [1073741824 x i8]
  %n = load i32, ptr %buf
  %i = zext i32 %n to i64
  %e = getelementptr i8, ptr %a, i64 %i
  store volatile i8 1, ptr %e
  ret void
}
)");
  EXPECT_EQ(R.S, Status::Crash) << R.Message;
  R = runHostile(R"(
define ptx_kernel void @k(ptr %buf) {
  %n = load i32, ptr %buf
  %big = add i32 %n, 1073741824
  %a = alloca i8, i32 %big, !gevo.uid !0
  store volatile i8 1, ptr %a
  ret void
}
)");
  EXPECT_TRUE(faultAt(R, Status::Crash, "U7"));
}

// Each thread loops buf[0] times, then counts in one of buf[8..15].
const char *SumIR = R"(
define ptx_kernel void @k(ptr %buf) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %n = load i32, ptr %buf
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done
done:
  %w = and i32 %t, 7
  %w8 = or i32 %w, 8
  %wi = zext i32 %w8 to i64
  %p = getelementptr i32, ptr %buf, i64 %wi
  %old = atomicrmw add ptr %p, i32 1 monotonic
  ret void
}
)";

TEST_F(Faults, ModeledCostIsDeterministicAndFollowsWork) {
  auto CostFor = [&](int N) {
    std::vector<int> Init(16, 0);
    Init[0] = N;
    llvm::cantFail(copyToDevice(Buf.get(), Init.data(), 64));
    LaunchResult R = runHostile(SumIR);
    EXPECT_EQ(R.S, Status::Ok) << R.Message;
    return R.ModeledCost;
  };
  uint64_t A = CostFor(10);
  EXPECT_GT(A, 0u);
  EXPECT_EQ(CostFor(10), A);
  EXPECT_EQ(CostFor(10), A);
  EXPECT_GT(CostFor(20), A);
}

TEST_F(Faults, UncheckedRunHasTheSameResultAndCost) {
  std::vector<int> Init(16, 0);
  Init[0] = 5;
  llvm::cantFail(copyToDevice(Buf.get(), Init.data(), 64));
  LaunchResult Checked = runHostile(SumIR);
  std::vector<int> CheckedOut = Buf.read();
  llvm::cantFail(copyToDevice(Buf.get(), Init.data(), 64));
  Options Unchecked;
  Unchecked.Checks = false;
  LaunchResult R = runHostile(SumIR, Unchecked);
  EXPECT_EQ(R.S, Status::Ok);
  EXPECT_EQ(R.ModeledCost, Checked.ModeledCost);
  EXPECT_EQ(Buf.read(), CheckedOut);
}

} // namespace
