//===- IntrinsicsTest.cpp - Each replaced NVVM intrinsic family -----------===//

#include "CpuTest.h"

#include "llvm/ADT/bit.h"

#include <numeric>

using namespace gevo;
using namespace gevo::cpu;
using namespace gevo::cpu::test;

namespace {

class Intrinsics : public IRTest {
protected:
  Intrinsics() : IRTest(Store4IR) {}
  /// Kernel of IR run on Grid x Block with one buffer of unsigned values
  /// that holds \p Init, which it must finish Ok; what the buffer holds then
  /// (empty after a failure).
  std::vector<unsigned> runOk(llvm::StringRef IR, const char *Kernel, Dim3 Grid,
                              Dim3 Block, const std::vector<unsigned> &Init,
                              const Options &Opts = {}) {
    auto P = load(IR, Opts);
    if (!P)
      return {};
    DeviceBuffer<unsigned> Out(Init);
    ::testing::AssertionResult Ok =
        runsOk(*P, Kernel, {Grid, Block}, Out.get());
    EXPECT_TRUE(Ok);
    return Ok ? Out.read() : std::vector<unsigned>();
  }
  /// As above on a buffer of \p Words zeros.
  std::vector<unsigned> runOk(llvm::StringRef IR, const char *Kernel, Dim3 Grid,
                              Dim3 Block, size_t Words,
                              const Options &Opts = {}) {
    return runOk(IR, Kernel, Grid, Block, std::vector<unsigned>(Words), Opts);
  }
};

/// The four values thread \p T reported.
std::vector<unsigned> four(const std::vector<unsigned> &Out, unsigned T) {
  return std::vector<unsigned>(Out.begin() + 4 * T, Out.begin() + 4 * T + 4);
}

/// The special registers @sregs reports, in order.
const char *const Sregs[] = {"tid.x",    "tid.y",    "tid.z",    "ntid.x",
                             "ntid.y",   "ntid.z",   "ctaid.x",  "ctaid.y",
                             "ctaid.z",  "nctaid.x", "nctaid.y", "nctaid.z",
                             "warpsize", "laneid"};

/// out[global linear thread * 14 + r] = special register r, read into
/// %<its name>.
std::string sregIR() {
  std::string Reads, Row, Decls;
  std::string Last = "poison";
  for (unsigned I = 0; I < 14; ++I) {
    std::string R = Sregs[I], V = "%v" + std::to_string(I);
    Reads += "  %" + R + " = call i32 @llvm.nvvm.read.ptx.sreg." + R + "()\n";
    Row += "  " + V + " = insertvalue [14 x i32] " + Last + ", i32 %" + R +
           ", " + std::to_string(I) + "\n";
    Last = V;
    Decls += "declare i32 @llvm.nvvm.read.ptx.sreg." + R + "()\n";
  }
  return "define ptx_kernel void @sregs(ptr %out) {\n" + Reads + R"(
  %b0 = mul i32 %ctaid.z, %nctaid.y
  %b1 = add i32 %b0, %ctaid.y
  %b2 = mul i32 %b1, %nctaid.x
  %block = add i32 %b2, %ctaid.x
  %t0 = mul i32 %tid.z, %ntid.y
  %t1 = add i32 %t0, %tid.y
  %t2 = mul i32 %t1, %ntid.x
  %thread = add i32 %t2, %tid.x
  %bs0 = mul i32 %ntid.x, %ntid.y
  %bs = mul i32 %bs0, %ntid.z
  %g0 = mul i32 %block, %bs
  %g = add i32 %g0, %thread
  %base = mul i32 %g, 14
)" + Row +
         R"(  %idx = sext i32 %base to i64
  %p = getelementptr i32, ptr %out, i64 %idx
  store [14 x i32] %v13, ptr %p
  ret void
}
)" + Decls;
}

TEST_F(Intrinsics, SpecialRegistersOn3dGridAnd3dBlock) {
  Dim3 G{2, 3, 2}, B{4, 2, 5};
  std::vector<unsigned> Got =
      runOk(sregIR(), "sregs", G, B, G.size() * B.size() * 14);
  ASSERT_FALSE(Got.empty());
  unsigned I = 0;
  for (unsigned CZ = 0; CZ < G.Z; ++CZ)
    for (unsigned CY = 0; CY < G.Y; ++CY)
      for (unsigned CX = 0; CX < G.X; ++CX)
        for (unsigned TZ = 0; TZ < B.Z; ++TZ)
          for (unsigned TY = 0; TY < B.Y; ++TY)
            for (unsigned TX = 0; TX < B.X; ++TX, ++I) {
              unsigned Linear = (TZ * B.Y + TY) * B.X + TX;
              std::vector<unsigned> Want = {TX,  TY,  TZ,  B.X, B.Y,
                                            B.Z, CX,  CY,  CZ,  G.X,
                                            G.Y, G.Z, 32, Linear % 32};
              std::vector<unsigned> Row(Got.begin() + I * 14,
                                        Got.begin() + I * 14 + 14);
              ASSERT_EQ(Row, Want) << "thread " << I;
            }
}

const char *BarrierReductionIR = R"(
define ptx_kernel void @reduce(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %odd = and i32 %t, 1
  %popc = call i32 @llvm.nvvm.barrier0.popc(i32 %odd)
  %lt = icmp ult i32 %t, 1000
  %lti = zext i1 %lt to i32
  %and = call i32 @llvm.nvvm.barrier0.and(i32 %lti)
  %is7 = icmp eq i32 %t, 7
  %is7i = zext i1 %is7 to i32
  %or = call i32 @llvm.nvvm.barrier0.or(i32 %is7i)
  %none = call i32 @llvm.nvvm.barrier0.or(i32 0)
  call void @llvm.nvvm.barrier.sync(i32 0)
  call void @store4(ptr %out, i32 %t, i32 %popc, i32 %and, i32 %or, i32 %none)
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.barrier0.popc(i32)
declare i32 @llvm.nvvm.barrier0.and(i32)
declare i32 @llvm.nvvm.barrier0.or(i32)
declare void @llvm.nvvm.barrier.sync(i32)
)";

TEST_F(Intrinsics, BarrierReductions) {
  const unsigned N = 100;
  std::vector<unsigned> Got = runOk(BarrierReductionIR, "reduce", {1}, {N}, N * 4);
  ASSERT_FALSE(Got.empty());
  for (unsigned T = 0; T < N; ++T)
    ASSERT_EQ(four(Got, T),
              (std::vector<unsigned>{N / 2, 1, 1, 0}))
        << T;
}

/// out[4 * t + m] = the four shuffle modes of t (as i32 and f32) within
/// segments of 16 lanes: idx from lane 3, up 1, down 2, bfly 5.
const char *ShuffleIR = R"(
define ptx_kernel void @shuffles(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %f = uitofp i32 %t to float
  %idx = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %t, i32 3, i32 4127)
  %up = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %t, i32 1, i32 4096)
  %downf = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %f, i32 2, i32 4127)
  %bflyf = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %f, i32 5, i32 4127)
  %down = fptoui float %downf to i32
  %bfly = fptoui float %bflyf to i32
  call void @store4(ptr %out, i32 %t, i32 %idx, i32 %up, i32 %down, i32 %bfly)
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32)
declare float @llvm.nvvm.shfl.sync.down.f32(i32, float, i32, i32)
declare float @llvm.nvvm.shfl.sync.bfly.f32(i32, float, i32, i32)
)";

TEST_F(Intrinsics, ShufflesWithWidth16) {
  const unsigned N = 64;
  std::vector<unsigned> Got = runOk(ShuffleIR, "shuffles", {1}, {N}, N * 4);
  ASSERT_FALSE(Got.empty());
  for (unsigned T = 0; T < N; ++T) {
    unsigned Seg = T / 16 * 16, L = T % 16;
    std::vector<unsigned> Want = {Seg + 3, L >= 1 ? T - 1 : T,
                                  L + 2 < 16 ? T + 2 : T, Seg + (L ^ 5)};
    ASSERT_EQ(four(Got, T),
              Want)
        << T;
  }
}

/// Only even lanes vote (mask 0x55555555); pred = lane % 4 == 0.
const char *VoteIR = R"(
define ptx_kernel void @votes(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %odd = and i32 %t, 1
  %isodd = icmp ne i32 %odd, 0
  br i1 %isodd, label %done, label %vote
vote:
  %m4 = and i32 %t, 3
  %pred = icmp eq i32 %m4, 0
  %ballot = call i32 @llvm.nvvm.vote.ballot.sync(i32 1431655765, i1 %pred)
  %any = call i1 @llvm.nvvm.vote.any.sync(i32 1431655765, i1 %pred)
  %all = call i1 @llvm.nvvm.vote.all.sync(i32 1431655765, i1 %pred)
  %uni = call i1 @llvm.nvvm.vote.uni.sync(i32 1431655765, i1 true)
  call void @llvm.nvvm.bar.warp.sync(i32 1431655765)
  %anyi = zext i1 %any to i32
  %alli = zext i1 %all to i32
  %unii = zext i1 %uni to i32
  call void @store4(ptr %out, i32 %t, i32 %ballot, i32 %anyi, i32 %alli, i32 %unii)
  br label %done
done:
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i1 @llvm.nvvm.vote.any.sync(i32, i1)
declare i1 @llvm.nvvm.vote.all.sync(i32, i1)
declare i1 @llvm.nvvm.vote.uni.sync(i32, i1)
declare void @llvm.nvvm.bar.warp.sync(i32)
)";

TEST_F(Intrinsics, VotesWithPartialMask) {
  const unsigned N = 64;
  // Both blocks write the buffer: no judge.
  std::vector<unsigned> Got = runOk(VoteIR, "votes", {2}, {N}, N * 4, withoutJudge());
  ASSERT_FALSE(Got.empty());
  for (unsigned T = 0; T < N; T += 2)
    ASSERT_EQ(four(Got, T),
              (std::vector<unsigned>{0x11111111u, 1, 0, 1}))
        << T;
}

/// NVVM atomics, ldg and fences on one counter array.
const char *AtomicIR = R"(
define ptx_kernel void @atomics(ptr %c) {
  %inc = call i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr %c, i32 4)
  %p1 = getelementptr i32, ptr %c, i64 1
  %f = getelementptr float, ptr %c, i64 2
  %old = call float @llvm.nvvm.atomic.add.gen.f.cta.f32.p0(ptr %f, float 0.5)
  %p3 = getelementptr i32, ptr %c, i64 3
  %cas = call i32 @llvm.nvvm.atomic.cas.gen.i.sys.i32.p0(ptr %p3, i32 0, i32 7)
  %p4 = getelementptr i32, ptr %c, i64 4
  %max = call i32 @llvm.nvvm.atomic.max.gen.i.cta.i32.p0(ptr %p4, i32 %inc)
  call void @llvm.nvvm.membar.gl()
  fence seq_cst
  %g = addrspacecast ptr %p1 to ptr addrspace(1)
  %v = call i32 @llvm.nvvm.ldg.global.i.i32.p1(ptr addrspace(1) %g, i32 4)
  %dec = call i32 @llvm.nvvm.atomic.load.dec.32.p0(ptr %p1, i32 100)
  ret void
}
declare i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr, i32)
declare i32 @llvm.nvvm.atomic.load.dec.32.p0(ptr, i32)
declare float @llvm.nvvm.atomic.add.gen.f.cta.f32.p0(ptr, float)
declare i32 @llvm.nvvm.atomic.cas.gen.i.sys.i32.p0(ptr, i32, i32)
declare i32 @llvm.nvvm.atomic.max.gen.i.cta.i32.p0(ptr, i32)
declare i32 @llvm.nvvm.ldg.global.i.i32.p1(ptr addrspace(1), i32)
declare void @llvm.nvvm.membar.gl()
)";

TEST_F(Intrinsics, AtomicsLdgAndFences) {
  // ldg reads a counter other threads update atomically: a race.
  std::vector<unsigned> Got =
      runOk(AtomicIR, "atomics", {3}, {40}, {0, 10, 0, 0, 0}, withoutJudge());
  ASSERT_FALSE(Got.empty());
  // inc wraps after 4; 120 decrements from 10: 10 reach 0, then 0 wraps to
  // 100 twice (after 11 and 112 steps) and 8 steps remain.
  EXPECT_EQ(Got, (std::vector<unsigned>{
                     120 % 5, 92, llvm::bit_cast<unsigned>(60.0f), 7, 4}));
}

/// Plain atomicrmw and cmpxchg (as clang emits for most atomics) on c[0..8].
const char *PlainAtomicIR = R"(
define ptx_kernel void @plain(ptr %c) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = and i32 %t, 31
  %bit = shl i32 1, %lane
  %nbit = xor i32 %bit, -1
  %a0 = atomicrmw add ptr %c, i32 1 seq_cst
  %p1 = getelementptr i32, ptr %c, i64 1
  %a1 = atomicrmw max ptr %p1, i32 %t seq_cst
  %p2 = getelementptr i32, ptr %c, i64 2
  %a2 = atomicrmw min ptr %p2, i32 %t seq_cst
  %p3 = getelementptr i32, ptr %c, i64 3
  %a3 = atomicrmw or ptr %p3, i32 %bit seq_cst
  %p4 = getelementptr i32, ptr %c, i64 4
  %a4 = atomicrmw and ptr %p4, i32 %nbit seq_cst
  %p5 = getelementptr i32, ptr %c, i64 5
  %a5 = atomicrmw xor ptr %p5, i32 1 seq_cst
  %p6 = getelementptr i32, ptr %c, i64 6
  %a6 = atomicrmw fadd ptr %p6, float 0.5 seq_cst
  %p7 = getelementptr i32, ptr %c, i64 7
  %a7 = atomicrmw xchg ptr %p7, i32 7 seq_cst
  %p8 = getelementptr i32, ptr %c, i64 8
  br label %cas
cas:
  %old = load atomic i32, ptr %p8 monotonic, align 4
  %new = add i32 %old, 2
  %r = cmpxchg ptr %p8, i32 %old, i32 %new seq_cst seq_cst
  %ok = extractvalue { i32, i1 } %r, 1
  br i1 %ok, label %done, label %cas
done:
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
)";

// Blocks run in parallel on TBB: the updates must really be atomic.
TEST_F(Intrinsics, PlainAtomicRmwAndCmpxchg) {
  std::vector<unsigned> Got = runOk(PlainAtomicIR, "plain", {16}, {64},
                                    {0, 0, 100, 0, ~0u, 0, 0, 0, 0});
  ASSERT_FALSE(Got.empty());
  EXPECT_EQ(Got,
            (std::vector<unsigned>{1024, 63, 0, ~0u, 0, 0,
                                   llvm::bit_cast<unsigned>(512.0f), 7, 2048}));
}

const char *SharedAndConstantIR = R"(
@table = addrspace(4) externally_initialized global [4 x i32] zeroinitializer, align 4
@counter = addrspace(1) global i32 5, align 4
@tile = internal addrspace(3) global [3 x i32] undef, align 4
@dyn = external addrspace(3) global [0 x i32], align 4
; As clang emits for every __constant__ variable (a regression: this use of
; @table once stopped the module from loading).
@llvm.compiler.used = appending global [1 x ptr] [ptr addrspacecast (ptr addrspace(4) @table to ptr)], section "llvm.metadata"

define ptx_kernel void @rotate(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ti = zext i32 %t to i64
  %slot = getelementptr [0 x i32], ptr addrspace(3) @dyn, i64 0, i64 %ti
  %k = and i64 %ti, 3
  %cp = getelementptr [4 x i32], ptr addrspace(4) @table, i64 0, i64 %k
  %c = load i32, ptr addrspace(4) %cp
  %v = add i32 %t, %c
  store i32 %v, ptr addrspace(3) %slot
  store i32 9, ptr addrspace(3) getelementptr ([3 x i32], ptr addrspace(3) @tile, i64 0, i64 2)
  call void @llvm.nvvm.barrier0()
  %next = add i32 %t, 1
  %wrap = urem i32 %next, %n
  %wi = zext i32 %wrap to i64
  %src = getelementptr [0 x i32], ptr addrspace(3) @dyn, i64 0, i64 %wi
  %r = load i32, ptr addrspace(3) %src
  %nine = load i32, ptr addrspace(3) getelementptr ([3 x i32], ptr addrspace(3) @tile, i64 0, i64 2)
  %g = load i32, ptr addrspacecast (ptr addrspace(1) @counter to ptr)
  %s0 = add i32 %r, %nine
  %s = add i32 %s0, %g
  %o = getelementptr i32, ptr %out, i64 %ti
  store i32 %s, ptr %o
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier0()
)";

TEST_F(Intrinsics, StaticDynamicSharedAndConstants) {
  // Every thread stores 9 in tile[2] (and both blocks write Out): races.
  auto P = load(SharedAndConstantIR, withoutJudge());
  ASSERT_TRUE(P);
  std::vector<int> Table = {100, 200, 300, 400};
  ASSERT_FALSE(bool(P->setConstant(
      "table", llvm::ArrayRef(reinterpret_cast<char *>(Table.data()), 16))));
  auto Counter = P->getSymbol("counter");
  ASSERT_TRUE(bool(Counter));
  EXPECT_EQ(*static_cast<int *>(*Counter), 5);
  const unsigned N = 48;
  DeviceBuffer<int> Out(N);
  ASSERT_TRUE(runsOk(*P, "rotate", {{2}, {N}, N * 4}, Out.get()));
  std::vector<int> Got = Out.read();
  for (unsigned T = 0; T < N; ++T) {
    unsigned Src = (T + 1) % N;
    ASSERT_EQ(Got[T], int(Src + Table[Src % 4] + 9 + 5)) << T;
  }
}

} // namespace
