//===- BlockFunctionTest.cpp - Barrier-free kernels run a block per call --===//
//
// A kernel with no barrier or warp operation runs as a block function: the
// threads of a block in a loop nest with the kernel inlined, checks hoisted
// out of the x loop when the ranges allow. These tests launch blocks in
// order (no TBB) so that the caches are warm when a later block goes wrong:
// the unchecked copy of the loop must then not be taken, or keep the checks
// it could not hoist.
//
//===----------------------------------------------------------------------===//

#include "CpuTest.h"

#include <numeric>

using namespace gevo;
using namespace gevo::cpu;
using namespace gevo::cpu::test;

namespace {

const char *Decls = R"(
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
!0 = !{!"U7"}
!1 = !{!"U8"}
)";

/// Kernel @k(\p Params) of \p Body, which follows i = ctaid.x * ntid.x +
/// tid.x, as %i (i32) and %ii (i64).
std::string indexedKernel(llvm::StringRef Params, llvm::StringRef Body) {
  return ("define ptx_kernel void @k(" + Params + ") {" + R"(
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cb = mul nsw i32 %c, %n
  %i = add nsw i32 %cb, %t
  %ii = sext i32 %i to i64)" +
          Body + "  ret void\n}\n")
      .str();
}

class BlockFunctions : public IRTest {
protected:
  BlockFunctions() : IRTest(Decls) { InOrder.ParallelBlocks = false; }
  /// indexedKernel(Params, Body) loaded with its blocks run in order.
  std::unique_ptr<Program> loadIndexed(llvm::StringRef Params,
                                       llvm::StringRef Body) {
    return load(indexedKernel(Params, Body), InOrder);
  }
  Options InOrder;
};

TEST_F(BlockFunctions, TheXLoopHasAnUncheckedCopy) {
  std::string IR = indexedKernel("ptr %buf", R"(
  %p = getelementptr i32, ptr %buf, i64 %ii
  store i32 1, ptr %p
)");
  M = parseTestIR(std::string(NVPTXHead) + IR + Decls, Ctx);
  ASSERT_TRUE(M);
  auto Host = Program::hostIR(*M);
  ASSERT_TRUE(bool(Host)) << llvm::toString(Host.takeError());
  EXPECT_NE(Host->find("void @gevo.block.k(ptr"), std::string::npos);
  EXPECT_NE(Host->find("tid.x.unchecked:"), std::string::npos);
  Options Unchecked;
  Unchecked.Checks = false;
  auto Plain = Program::hostIR(*M, Unchecked);
  ASSERT_TRUE(bool(Plain));
  EXPECT_EQ(Plain->find("unchecked:"), std::string::npos);
}

TEST_F(BlockFunctions, AnOutOfBoundsBlockAfterGoodOnesIsCaught) {
  auto P = loadIndexed("ptr %buf", R"(
  %p = getelementptr i32, ptr %buf, i64 %ii
  store i32 1, ptr %p, !gevo.uid !0
)");
  ASSERT_TRUE(P);
  DeviceBuffer<int> Buf(40);
  LaunchResult R = run(*P, "k", {{4}, {16}}, Buf.get());
  EXPECT_TRUE(faultAt(R, Status::OobWrite, "U7"));
  EXPECT_EQ(Buf.read(), std::vector<int>(40, 1));
}

TEST_F(BlockFunctions, AGatherKeepsItsCheckInTheUncheckedCopy) {
  auto P = loadIndexed("ptr %out, ptr %data, ptr %idx", R"(
  %pj = getelementptr i32, ptr %idx, i64 %ii
  %j = load i32, ptr %pj
  %jj = sext i32 %j to i64
  %pv = getelementptr i32, ptr %data, i64 %jj
  %v = load i32, ptr %pv, !gevo.uid !1
  %po = getelementptr i32, ptr %out, i64 %ii
  store i32 %v, ptr %po
)");
  ASSERT_TRUE(P);
  std::vector<int> Index(32);
  for (int I = 0; I < 32; ++I)
    Index[I] = I % 8;
  DeviceBuffer<int> Out(32), Data(std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7});
  DeviceBuffer<int> Idx(Index);
  ASSERT_TRUE(runsOk(*P, "k", {{2}, {16}}, Out.get(), Data.get(), Idx.get()));
  EXPECT_EQ(Out.read(), Index);
  Index[20] = 9;
  DeviceBuffer<int> Bad(Index);
  LaunchResult R = run(*P, "k", {{2}, {16}}, Out.get(), Data.get(), Bad.get());
  EXPECT_TRUE(faultAt(R, Status::OobRead, "U8"));
}

TEST_F(BlockFunctions, ADivisionInTheUncheckedCopyStillTraps) {
  auto P = loadIndexed("ptr %out, ptr %d", R"(
  %pd = getelementptr i32, ptr %d, i64 %ii
  %v = load i32, ptr %pd
  %q = sdiv i32 100, %v, !gevo.uid !0
  %po = getelementptr i32, ptr %out, i64 %ii
  store i32 %q, ptr %po
)");
  ASSERT_TRUE(P);
  std::vector<int> Divisors(32, 1);
  Divisors[20] = 0;
  DeviceBuffer<int> Out(32), D(Divisors);
  LaunchResult R = run(*P, "k", {{2}, {16}}, Out.get(), D.get());
  EXPECT_TRUE(faultAt(R, Status::ArithTrap, "U7"));
}

/// Thread t stores 1, 2, ... up to First + t * Step into out[t] (volatile:
/// the loop cannot be cut short).
const char *LoopIR = R"(
define ptx_kernel void @k(ptr %out, i32 %first, i32 %step) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %more.t = mul i32 %t, %step
  %end = add i32 %first, %more.t
  %tt = zext i32 %t to i64
  %p = getelementptr i32, ptr %out, i64 %tt
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %k1 = add i32 %k, 1
  store volatile i32 %k1, ptr %p
  %more = icmp ult i32 %k1, %end
  br i1 %more, label %loop, label %done
done:
  ret void
})";

// Thread t loops 100 (t + 1) times: the block as a whole spends far more
// than any one thread, and the budget is each thread's.
TEST_F(BlockFunctions, TheStepBudgetIsEachThreads) {
  DeviceBuffer<int> Out(64);
  Options Roomy = InOrder, Tight = InOrder;
  Roomy.ThreadCostLimit = 200000; // a thread costs at most ~80000
  Tight.ThreadCostLimit = 20000;
  auto P = load(LoopIR, Roomy);
  ASSERT_TRUE(P);
  LaunchResult R = run(*P, "k", {{1}, {64}}, Out.get(), 100, 100);
  ASSERT_EQ(R.S, Status::Ok) << R.Message;
  EXPECT_GT(R.ModeledCost, 10 * Roomy.ThreadCostLimit);
  EXPECT_EQ(Out.read()[63], 6400);
  P = load(LoopIR, Tight);
  ASSERT_TRUE(P);
  EXPECT_EQ(run(*P, "k", {{1}, {64}}, Out.get(), 100, 100).S, Status::Timeout);
}

// Every thread loops to about 2^20 of cost, within its own budget; the
// launch as a whole passes its budget.
TEST_F(BlockFunctions, TheLaunchHasABudgetToo) {
  DeviceBuffer<int> Out(64);
  Options Opts = withoutJudge(InOrder); // four blocks write Out
  Opts.ThreadCostLimit = 1 << 22;
  auto P = load(LoopIR, Opts);
  ASSERT_TRUE(P);
  LaunchResult R = run(*P, "k", {{4}, {64}}, Out.get(), 100000, 0);
  ASSERT_EQ(R.S, Status::Ok) << R.Message;
  EXPECT_GT(R.ModeledCost, uint64_t(1) << 28);
  Opts.LaunchCostLimit = 1 << 24;
  P = load(LoopIR, Opts);
  ASSERT_TRUE(P);
  R = run(*P, "k", {{4}, {64}}, Out.get(), 100000, 0);
  EXPECT_EQ(R.S, Status::Timeout) << R.Message;
  EXPECT_LT(R.ModeledCost, uint64_t(1) << 26);
}

TEST_F(BlockFunctions, CalledFunctionsSeeTheirThread) {
  auto P = load(std::string(Store4IR) + R"(
define internal void @record(ptr %out) noinline {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ln = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %row = mul i32 %ty, %nx
  %lin = add i32 %row, %tx
  call void @store4(ptr %out, i32 %lin, i32 %tx, i32 %ty, i32 %ln, i32 0)
  ret void
}
define ptx_kernel void @k(ptr %out) {
  call void @record(ptr %out)
  ret void
})");
  ASSERT_TRUE(P);
  DeviceBuffer<unsigned> Out(8 * 6 * 4);
  ASSERT_TRUE(runsOk(*P, "k", {{1}, {8, 6}}, Out.get()));
  std::vector<unsigned> Want;
  for (unsigned Y = 0; Y < 6; ++Y)
    for (unsigned X = 0; X < 8; ++X)
      Want.insert(Want.end(), {X, Y, (Y * 8 + X) % 32, 0});
  EXPECT_EQ(Out.read(), Want);
}

} // namespace
