//===- TargetTest.cpp - The example target, added by the recipe -----------===//
//
// Built with the target registry compiled from Targets.def plus the line
// GEVO_GPU_TARGET(CudaO0) and examples/extending/targets/CudaO0.cpp
// (tests/extending/CMakeLists.txt); TargetsTest.cpp's and RunConfig's
// generic tests run on it too.
//
//===----------------------------------------------------------------------===//

#include "TestKernels.h"

#include "gevo/harness/Targets.h"

using namespace gevo;

namespace {

TEST(ExtendTarget, TheRegistryLineMakesItATarget) {
  const GpuTarget *T = findGpuTarget("cuda-o0");
  ASSERT_NE(T, nullptr);
  EXPECT_EQ(gpuTargets().back(), T); // the line was added last
  EXPECT_EQ(targetNames(), "cpu, cuda, hip or cuda-o0");
  EXPECT_NE(targetHelp().find("cuda-o0 (NVIDIA GPUs: the cuda target's driver"),
            std::string::npos);
}

TEST(ExtendTarget, SharesCudasDriverAndLowersWithoutO2) {
  const GpuTarget *Cuda = findGpuTarget("cuda"), *O0 = findGpuTarget("cuda-o0");
  ASSERT_TRUE(Cuda && O0);
  gpu::Error WhyCuda, WhyO0;
  EXPECT_EQ(O0->Api(WhyO0), Cuda->Api(WhyCuda));
  EXPECT_EQ(WhyO0, WhyCuda);
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M = test::parseTestIR(test::ReverseExp, Ctx);
  llvm::Expected<std::string> Optimised = Cuda->Lower(*M, ""), AsWritten = O0->Lower(*M, "");
  ASSERT_TRUE(bool(Optimised)) << llvm::toString(Optimised.takeError());
  ASSERT_TRUE(bool(AsWritten)) << llvm::toString(AsWritten.takeError());
  EXPECT_NE(AsWritten->find(".entry"), std::string::npos);
  EXPECT_NE(*AsWritten, *Optimised); // the O2 pipeline changed the kernel
}

} // namespace
