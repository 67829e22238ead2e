//===- MatrixFaultTest.cpp - Hostile WMMA and mma.sync calls end cleanly --===//

#include "CpuTest.h"

using namespace gevo;
using namespace gevo::cpu;
using namespace gevo::cpu::test;

namespace {

class MatrixFaults : public BufferKernelTest {
protected:
  MatrixFaults() : BufferKernelTest(Decls, std::vector<int>(16)) {}
  /// Launches kernel @k(ptr %buf) of \p Body on a 16-int device buffer.
  LaunchResult runHostile(llvm::StringRef Body, Dim3 Block = {32}) {
    return launchK(Body, {2}, Block);
  }
  static constexpr const char *Decls = R"(
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.load.c.row.stride.f32.p0(ptr, i32)
declare void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p0(ptr, float, float, float, float, float, float, float, float, i32)
declare { float, float, float, float } @llvm.nvvm.mma.m16n8k8.row.col.tf32(i32, i32, i32, i32, i32, i32, float, float, float, float)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
!0 = !{!"U7"}
)";
};

TEST_F(MatrixFaults, LoadPastTheBufferIsOobReadOfTheLoad) {
  // A 16x16 float tile from a 16-int buffer.
  LaunchResult R = runHostile(R"(
define ptx_kernel void @k(ptr %buf) {
  %f = call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.load.c.row.stride.f32.p0(ptr %buf, i32 16), !gevo.uid !0
  ret void
}
)");
  EXPECT_TRUE(faultAt(R, Status::OobRead, "U7"));
}

TEST_F(MatrixFaults, MisalignedStoreIsMisaligned) {
  LaunchResult R = runHostile(R"(
define ptx_kernel void @k(ptr %buf) {
  %p = getelementptr i8, ptr %buf, i64 2
  call void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p0(ptr %p, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, i32 0), !gevo.uid !0
  ret void
}
)");
  EXPECT_TRUE(faultAt(R, Status::Misaligned, "U7"));
}

const char *MmaIR = R"(
define ptx_kernel void @k(ptr %buf) {
  %d = call { float, float, float, float } @llvm.nvvm.mma.m16n8k8.row.col.tf32(i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, float 1.0, float 2.0, float 3.0, float 4.0)
  %x = extractvalue { float, float, float, float } %d, 3
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i = add i32 %t, %b
  %first = icmp eq i32 %i, 0
  br i1 %first, label %store, label %done
store:
  store float %x, ptr %buf
  br label %done
done:
  ret void
}
)";

TEST_F(MatrixFaults, MmaOfAFullWarpRuns) {
  LaunchResult R = runHostile(MmaIR);
  EXPECT_EQ(R.S, Status::Ok) << R.Message;
  EXPECT_EQ(Buf.read()[0], 0x40800000); // 4.0f: C, as A and B are zero
}

TEST_F(MatrixFaults, MmaOfHalfAWarpIsDivergent) {
  LaunchResult R = runHostile(MmaIR, {16});
  EXPECT_EQ(R.S, Status::DivergentBarrier) << R.Message;
  EXPECT_NE(R.Message.find("lane 16"), std::string::npos) << R.Message;
}

TEST_F(MatrixFaults, UnsupportedFormIsAnErrorNamingIt) {
  M = parseTestIR(std::string(NVPTXHead) + R"(
declare { i32, i32 } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.s8.p0(ptr, i32)
define ptx_kernel void @k(ptr %buf) {
  %f = call { i32, i32 } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.s8.p0(ptr %buf, i32 16)
  ret void
}
)", Ctx);
  ASSERT_TRUE(M);
  auto Loaded = Program::load(*M, {});
  ASSERT_FALSE(bool(Loaded));
  std::string Message = llvm::toString(Loaded.takeError());
  EXPECT_NE(Message.find("wmma.m16n16k16.load.a.row.stride.s8"), std::string::npos)
      << Message;
}

} // namespace
