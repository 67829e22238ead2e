//===- LocalInitTest.cpp - Reads of local memory no thread wrote ----------===//
//
// A thread's local array read where the thread never wrote it is
// uninitialized with the load's UID, in a block function (whose threads
// share one frame: thread 0's writes must not count for thread 1) and with
// fibers; every element written, partial writes read back whole, copies in
// and locals whose address escapes run clean.
//
//===----------------------------------------------------------------------===//

#include "CpuTest.h"

using namespace gevo;
using namespace gevo::cpu;
using namespace gevo::cpu::test;

namespace {

class LocalInit : public BufferKernelTest {
protected:
  LocalInit() : BufferKernelTest(Decls, std::vector<int>(64, 5)) {}
  /// Launches @k(ptr %buf) of \p Body: one block of 64 threads; @out
  /// stores a thread's result in its element of %buf.
  LaunchResult launch(llvm::StringRef Body, Options Opts = {}) {
    return launchK(Body, {1}, {64}, Opts);
  }
  /// The status of a launch of @k(ptr %buf) of \p Body, which leaves a
  /// thread's result in %v, handed to @out; \p Globals stand before @k.
  Status launchV(llvm::StringRef Body, llvm::StringRef Globals = "") {
    return launch((Globals + "\ndefine ptx_kernel void @k(ptr %buf) {" + Body +
                   "  call void @out(ptr %buf, i32 %v)\n  ret void\n}\n")
                      .str())
        .S;
  }
  static constexpr const char *Decls = R"(
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
define void @out(ptr %buf, i32 %v) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ti = zext i32 %t to i64
  %o = getelementptr i32, ptr %buf, i64 %ti
  store i32 %v, ptr %o
  ret void
}
!0 = !{!"U7"}
)";
};

/// Thread t writes elements [0, Written) of a 4-int local and reads
/// element t % 4; \p Barrier puts a barrier between (fibers).
std::string readsElement(int Written, bool Barrier) {
  std::string Stores;
  for (int E = 0; E < Written; ++E)
    Stores += "  %p" + std::to_string(E) +
              " = getelementptr [4 x i32], ptr %a, i64 0, i64 " +
              std::to_string(E) + "\n  store i32 %t, ptr %p" +
              std::to_string(E) + "\n";
  return R"(
define ptx_kernel void @k(ptr %buf) {
  %a = alloca [4 x i32]
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
)" + Stores + (Barrier ? "  call void @llvm.nvvm.barrier0()\n" : "") +
         R"(  %e = and i32 %t, 3
  %ei = zext i32 %e to i64
  %q = getelementptr [4 x i32], ptr %a, i64 0, i64 %ei
  %v = load i32, ptr %q, !gevo.uid !0
  %ti = zext i32 %t to i64
  %o = getelementptr i32, ptr %buf, i64 %ti
  store i32 %v, ptr %o
  ret void
}
)";
}

TEST_F(LocalInit, AnElementNeverWrittenIsUninitialized) {
  for (bool Barrier : {false, true}) {
    LaunchResult R = launch(readsElement(3, Barrier));
    EXPECT_TRUE(faultAt(R, Status::Uninitialized, "U7")) << Barrier;
    EXPECT_NE(R.Message.find("local memory"), std::string::npos) << R.Message;
    EXPECT_EQ(launch(readsElement(4, Barrier)).S, Status::Ok) << Barrier;
  }
}

TEST_F(LocalInit, OffWithTheInitChecks) {
  Options O;
  O.InitChecks = false;
  EXPECT_EQ(launch(readsElement(3, false), O).S, Status::Ok);
}

// Only thread 0 writes its local; in a block function the threads share
// the frame, so the shadow starts again with each thread.
TEST_F(LocalInit, AnotherThreadsWriteDoesNotCount) {
  LaunchResult R = launch(R"(
define ptx_kernel void @k(ptr %buf) {
entry:
  %a = alloca i32
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %write, label %read
write:
  store i32 9, ptr %a
  br label %read
read:
  %v = load i32, ptr %a, !gevo.uid !0
  %ti = zext i32 %t to i64
  %o = getelementptr i32, ptr %buf, i64 %ti
  store i32 %v, ptr %o
  ret void
}
)");
  EXPECT_TRUE(faultAt(R, Status::Uninitialized, "U7"));
}

TEST_F(LocalInit, PartialWritesCopiesAndEscapesAreNotReported) {
  // Two halves written, read as one word.
  EXPECT_EQ(launchV(R"(
  %a = alloca i32
  %hi = getelementptr i8, ptr %a, i64 2
  store i16 1, ptr %a
  store i16 2, ptr %hi
  %v = load i32, ptr %a, !gevo.uid !0
)"),
            Status::Ok);
  // One half written: the other is undefined.
  EXPECT_EQ(launchV(R"(
  %a = alloca i32
  store i16 1, ptr %a
  %v = load i32, ptr %a, !gevo.uid !0
)"),
            Status::Uninitialized);
  // Filled by a copy from global memory.
  const char *Table = "@table = global [4 x i32] [i32 1, i32 2, i32 3, i32 4]";
  EXPECT_EQ(launchV(R"(
  %a = alloca [4 x i32]
  call void @llvm.memcpy.p0.p0.i64(ptr %a, ptr @table, i64 16, i1 false)
  %q = getelementptr [4 x i32], ptr %a, i64 0, i64 3
  %v = load i32, ptr %q, !gevo.uid !0
)",
                    Table),
            Status::Ok);
  // The address is stored: the local is not followed, so never reported.
  EXPECT_EQ(launchV(R"(
  %a = alloca i32
  %slot = alloca ptr
  store ptr %a, ptr %slot
  %b = load ptr, ptr %slot
  store i32 3, ptr %b
  %v = load i32, ptr %a, !gevo.uid !0
)"),
            Status::Ok);
}

} // namespace
