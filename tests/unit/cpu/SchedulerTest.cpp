//===- SchedulerTest.cpp - Barriers, warp operations, exited threads ------===//

#include "CpuTest.h"

using namespace gevo;
using namespace gevo::cpu;
using namespace gevo::cpu::test;

namespace {

class Scheduler : public IRTest {
protected:
  Scheduler() : IRTest(Decls) {}
  static constexpr const char *Decls = R"(
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
)";
};

/// Threads t >= live return at once; the others run `rounds` rounds of
/// "write s[t], barrier, read s[t+1 mod live], barrier", accumulating.
const char *LoopIR = R"(
@s = internal addrspace(3) global [1024 x i32] undef, align 4
define ptx_kernel void @rounds(ptr %out, i32 %live, i32 %rounds) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %exit = icmp uge i32 %t, %live
  br i1 %exit, label %done, label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i32 [ %t, %entry ], [ %acc1, %loop ]
  %ti = zext i32 %t to i64
  %mine = getelementptr [1024 x i32], ptr addrspace(3) @s, i64 0, i64 %ti
  store i32 %acc, ptr addrspace(3) %mine
  call void @llvm.nvvm.barrier0()
  %n = add i32 %t, 1
  %w = urem i32 %n, %live
  %wi = zext i32 %w to i64
  %other = getelementptr [1024 x i32], ptr addrspace(3) @s, i64 0, i64 %wi
  %v = load i32, ptr addrspace(3) %other
  call void @llvm.nvvm.barrier0()
  %acc1 = add i32 %acc, %v
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, %rounds
  br i1 %more, label %loop, label %store
store:
  %o = getelementptr i32, ptr %out, i64 %ti
  store i32 %acc1, ptr %o
  br label %done
done:
  ret void
}
)";

std::vector<int> roundsReference(unsigned Live, unsigned Threads,
                                 unsigned Rounds) {
  std::vector<int> Acc(Threads, 0);
  for (unsigned T = 0; T < Live; ++T)
    Acc[T] = T;
  for (unsigned R = 0; R < Rounds; ++R) {
    std::vector<int> Old = Acc;
    for (unsigned T = 0; T < Live; ++T)
      Acc[T] = Old[T] + Old[(T + 1) % Live];
  }
  return Acc;
}

TEST_F(Scheduler, BarriersInLoopsWithExitedThreads) {
  auto P = load(LoopIR, withoutJudge()); // every block writes Out
  ASSERT_TRUE(P);
  for (unsigned Live : {200u, 77u}) {
    DeviceBuffer<int> Out(200);
    ASSERT_TRUE(runsOk(*P, "rounds", {{3}, {200}}, Out.get(), Live, 5u));
    EXPECT_EQ(Out.read(), roundsReference(Live, 200, 5)) << Live;
  }
}

TEST_F(Scheduler, RepeatedLaunchesGiveTheSameResult) {
  auto P = load(LoopIR, withoutJudge()); // every block writes Out
  ASSERT_TRUE(P);
  std::vector<int> First;
  for (int I = 0; I < 50; ++I) {
    DeviceBuffer<int> Out(256);
    ASSERT_TRUE(runsOk(*P, "rounds", {{4}, {256}}, Out.get(), 256u, 3u));
    if (First.empty())
      First = Out.read();
    ASSERT_EQ(Out.read(), First);
  }
}

TEST_F(Scheduler, BarrierInDivergentBranchIsReported) {
  auto P = load(R"(
define ptx_kernel void @split() {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lo = icmp ult i32 %t, 16
  br i1 %lo, label %a, label %b
a:
  call void @llvm.nvvm.barrier0()
  br label %done
b:
  call void @llvm.nvvm.barrier0()
  br label %done
done:
  call void @llvm.nvvm.barrier0()
  ret void
}
)");
  ASSERT_TRUE(P);
  auto R = run(*P, "split", {{2}, {64}});
  EXPECT_EQ(R.S, Status::DivergentBarrier);
  EXPECT_NE(R.Message.find("different barriers"), std::string::npos)
      << R.Message;
}

TEST_F(Scheduler, WarpOperationWaitingForExitedLaneIsReported) {
  auto P = load(R"(
define ptx_kernel void @lonely(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %shfl, label %done
shfl:
  %v = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %t, i32 1, i32 31)
  store i32 %v, ptr %out
  br label %done
done:
  ret void
}
)");
  ASSERT_TRUE(P);
  DeviceBuffer<int> Out(1);
  auto R = run(*P, "lonely", {{1}, {32}}, Out.get());
  EXPECT_EQ(R.S, Status::DivergentBarrier);
  EXPECT_NE(R.Message.find("exited"), std::string::npos) << R.Message;
}

TEST_F(Scheduler, PartialLastWarp) {
  // 40 threads: the second warp has 8 lanes; they shuffle among themselves.
  auto P = load(R"(
define ptx_kernel void @rotate8(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %hi = icmp uge i32 %t, 32
  %mask = select i1 %hi, i32 255, i32 -1
  %lane = and i32 %t, 31
  %n = add i32 %lane, 1
  %src = and i32 %n, 7
  %v = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %mask, i32 %t, i32 %src, i32 31)
  %ti = zext i32 %t to i64
  %o = getelementptr i32, ptr %out, i64 %ti
  store i32 %v, ptr %o
  ret void
}
)");
  ASSERT_TRUE(P);
  DeviceBuffer<int> Out(40);
  ASSERT_TRUE(runsOk(*P, "rotate8", {{1}, {40}}, Out.get()));
  std::vector<int> Got = Out.read();
  for (int T = 0; T < 40; ++T)
    ASSERT_EQ(Got[T], T / 32 * 32 + ((T % 32 + 1) & 7)) << T;
}

} // namespace
