//===- TargetsTest.cpp - The registry of GPU targets ----------------------===//
//
// A target is its file in harness/targets plus its Targets.def line: these
// tests hold every registered target to what the tools rely on, so a new
// one is checked without a test of its own.
//
//===----------------------------------------------------------------------===//

#include "TestKernels.h"

#include "gevo/harness/TargetDevice.h"
#include "gevo/harness/Targets.h"

#include <set>

using namespace gevo;

namespace {

TEST(Targets, TheRegistryNamesEachTargetOnce) {
  // "cpu, cuda or hip" here; a target added to Targets.def comes last.
  EXPECT_EQ(targetNames().rfind("cpu, cuda", 0), 0u) << targetNames();
  ASSERT_FALSE(gpuTargets().empty());
  std::string Last = std::string(" or ") + gpuTargets().back()->Name;
  EXPECT_EQ(targetNames().substr(targetNames().size() - Last.size()), Last);
  EXPECT_TRUE(isKnownTarget("cpu"));
  EXPECT_FALSE(isKnownTarget("opencl"));
  EXPECT_EQ(findGpuTarget("cpu"), nullptr); // the reference is no GPU target
  // gevo-evolve's final check runs where NVIDIA's checker can.
  EXPECT_TRUE(findGpuTarget("cuda")->ComputeSanitizer);
  EXPECT_FALSE(findGpuTarget("hip")->ComputeSanitizer);
  std::set<std::string> Names = {"cpu"};
  for (const GpuTarget *T : gpuTargets()) {
    EXPECT_TRUE(Names.insert(T->Name).second) << T->Name;
    EXPECT_TRUE(isKnownTarget(T->Name));
    EXPECT_EQ(findGpuTarget(T->Name), T);
    EXPECT_NE(targetHelp().find(std::string(T->Name) + " (" + T->Help + ")"),
              std::string::npos);
  }
}

TEST(Targets, EachGpuTargetOpensItsDriverOrSaysWhyInOneLine) {
  for (const GpuTarget *T : gpuTargets()) {
    gpu::Error Why;
    const gpu::Api *A = T->Api(Why);
    std::unique_ptr<gpu::Device> D = A ? gpu::Device::open(*A, 0, Why) : nullptr;
    if (D) {
      EXPECT_TRUE(Why.empty()) << Why;
      EXPECT_FALSE(D->name().empty());
      continue;
    }
    EXPECT_FALSE(Why.empty()) << T->Name;
    EXPECT_EQ(Why.find('\n'), std::string::npos) << Why;
    // A second ask gives the same answer without opening the library again.
    gpu::Error Again;
    EXPECT_EQ(T->Api(Again), A);
    EXPECT_EQ(Again, A ? "" : Why);
  }
}

TEST(Targets, EachGpuTargetLowersAKernelOrNamesTheMissingTool) {
  for (const GpuTarget *T : gpuTargets()) {
    llvm::LLVMContext Ctx;
    std::unique_ptr<llvm::Module> M = test::parseTestIR(test::ReverseExp, Ctx);
    llvm::Expected<std::string> Image = T->Lower(*M, "");
    if (Image) {
      EXPECT_GT(Image->size(), 100u) << T->Name;
      continue;
    }
    std::string Why = llvm::toString(Image.takeError());
    EXPECT_EQ(Why.find('\n'), std::string::npos) << Why;
    EXPECT_NE(Why.find("not found"), std::string::npos) << T->Name << ": " << Why;
  }
}

TEST(Targets, ADeviceOnATargetWithoutItsDriverIsThatTargetsError) {
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M = test::parseTestIR(test::ReverseExp, Ctx);
  for (const GpuTarget *T : gpuTargets()) {
    gpu::Error Why;
    if (T->Api(Why))
      continue; // a machine with this GPU's driver
    auto D = createTargetDevice(T->Name, *M, cpu::Options());
    ASSERT_FALSE(bool(D));
    EXPECT_EQ(llvm::toString(D.takeError()), std::string(T->Name) + " target: " + Why);
  }
  auto Unknown = createTargetDevice("opencl", *M, cpu::Options());
  ASSERT_FALSE(bool(Unknown));
  EXPECT_EQ(llvm::toString(Unknown.takeError()),
            "opencl target: unknown (" + targetNames() + ")");
}

} // namespace
