//===- DriverTest.cpp - The cuda target's driver layer ----------------------===//
//
// Runs on a machine with an NVIDIA GPU and driver; elsewhere every test but
// the first is skipped, naming the reason.
//
//===----------------------------------------------------------------------===//

#include "gevo/harness/Targets.h"

#include <gtest/gtest.h>

#include <vector>

using namespace gevo::gpu;

namespace {

/// Device 0 of the GPU target Name; null, and Why, when it does not open.
std::unique_ptr<Device> openDevice(const char *Name, Error &Why) {
  const Api *A = gevo::findGpuTarget(Name)->Api(Why);
  return A ? Device::open(*A, 0, Why) : nullptr;
}

// vadd(a, b, c, n): c[i] = (a[i] + b[i]) * scale, scale a __constant__
// float; lowered from NVPTX IR by llc -mcpu=sm_80.
const char *VaddPtx = R"(
.version 7.0
.target sm_80
.address_size 64
	// .globl	vadd                    // -- Begin function vadd
.visible .const .align 4 .f32 scale = 0f3F800000;
                                        // @vadd
.visible .entry vadd(
	.param .u64 vadd_param_0,
	.param .u64 vadd_param_1,
	.param .u64 vadd_param_2,
	.param .u32 vadd_param_3
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<6>;
	.reg .f32 	%f<6>;
	.reg .b64 	%rd<8>;
	mov.u32 	%r2, %tid.x;
	mov.u32 	%r3, %ctaid.x;
	ld.param.u32 	%r4, [vadd_param_3];
	mov.u32 	%r5, %ntid.x;
	mad.lo.s32 	%r1, %r3, %r5, %r2;
	setp.ge.s32 	%p1, %r1, %r4;
	@%p1 bra 	$L__BB0_2;
	ld.param.u64 	%rd3, [vadd_param_2];
	ld.param.u64 	%rd2, [vadd_param_1];
	ld.param.u64 	%rd1, [vadd_param_0];
	mul.wide.s32 	%rd4, %r1, 4;
	add.s64 	%rd5, %rd1, %rd4;
	add.s64 	%rd6, %rd2, %rd4;
	add.s64 	%rd7, %rd3, %rd4;
	ld.global.f32 	%f1, [%rd5];
	ld.global.f32 	%f2, [%rd6];
	ld.const.f32 	%f3, [scale];
	add.rn.f32 	%f4, %f1, %f2;
	mul.rn.f32 	%f5, %f4, %f3;
	st.global.f32 	[%rd7], %f5;
$L__BB0_2:                              // %exit
	ret;
                                        // -- End function
}
)";

class DriverTest : public ::testing::Test {
protected:
  void SetUp() override {
    Error Why;
    Dev = openDevice("cuda", Why);
    if (!Dev)
      GTEST_SKIP() << "cuda target unavailable: " << Why;
  }
  std::unique_ptr<Device> Dev;
};

TEST_F(DriverTest, RunsAKernelAndTimesIt) {
  std::unique_ptr<Module> M;
  ASSERT_EQ(Dev->load(VaddPtx, M), "");
  const int N = 1000;
  std::vector<float> A(N), B(N), C(N, -1);
  for (int I = 0; I < N; ++I) {
    A[I] = I * 0.5f;
    B[I] = 3.0f - I;
  }
  float Scale = 2.0f;
  ASSERT_EQ(M->setGlobal("scale", &Scale, sizeof(Scale)), "");
  DevicePtr DA, DB, DC;
  ASSERT_EQ(Dev->alloc(N * 4, DA), "");
  ASSERT_EQ(Dev->alloc(N * 4, DB), "");
  ASSERT_EQ(Dev->alloc(N * 4, DC), "");
  ASSERT_EQ(Dev->copyToDevice(DA, A.data(), N * 4), "");
  ASSERT_EQ(Dev->copyToDevice(DB, B.data(), N * 4), "");
  int Count = N;
  float Ms = -1;
  ASSERT_EQ(M->launch("vadd", {4}, {256}, 0, {&DA, &DB, &DC, &Count}, Ms), "");
  ASSERT_EQ(Dev->copyFromDevice(C.data(), DC, N * 4), "");
  for (int I = 0; I < N; ++I)
    ASSERT_EQ(C[I], (A[I] + B[I]) * Scale) << I;
  EXPECT_GT(Ms, 0.0f);
  for (DevicePtr P : {DA, DB, DC})
    EXPECT_EQ(Dev->free(P), "");
}

TEST_F(DriverTest, BadPtxAndUnknownNamesAreErrors) {
  std::unique_ptr<Module> M;
  Error Bad = Dev->load(".version 7.0\n.target sm_80\nnot ptx at all\n", M);
  EXPECT_NE(Bad.find("cuModuleLoadData"), std::string::npos) << Bad;
  ASSERT_EQ(Dev->load(VaddPtx, M), "");
  float Ms;
  Error NoKernel = M->launch("nope", {1}, {1}, 0, {}, Ms);
  EXPECT_NE(NoKernel.find("kernel 'nope'"), std::string::npos) << NoKernel;
  float X = 1;
  Error NoGlobal = M->setGlobal("missing", &X, 4);
  EXPECT_NE(NoGlobal.find("'missing'"), std::string::npos) << NoGlobal;
  Error TooBig = M->setGlobal("scale", &X, 64);
  EXPECT_NE(TooBig.find("holds 4 bytes"), std::string::npos) << TooBig;
}

} // namespace
