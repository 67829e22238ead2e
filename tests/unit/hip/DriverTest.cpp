//===- DriverTest.cpp - The hip target's driver layer -----------------------===//
//
// Runs on a machine with an AMD GPU and ROCm; elsewhere it checks that
// opening fails in one line and the kernel test is skipped, naming why.
//
//===----------------------------------------------------------------------===//

#include "gevo/harness/Targets.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <vector>

using namespace gevo::gpu;

namespace {

/// Device 0 of the GPU target Name; null, and Why, when it does not open.
std::unique_ptr<Device> openDevice(const char *Name, Error &Why) {
  const Api *A = gevo::findGpuTarget(Name)->Api(Why);
  return A ? Device::open(*A, 0, Why) : nullptr;
}

/// With a GPU: a code object gevo-run --emit amdgpu wrote for the test
/// (GEVO_HIP_TEST_CODE_OBJECT, a vadd-like kernel) loads and bad names are
/// errors.
TEST(HipDriver, LoadsACodeObjectAndNamesUnknownKernels) {
  Error Why;
  std::unique_ptr<Device> D = openDevice("hip", Why);
  if (!D)
    GTEST_SKIP() << "hip target unavailable: " << Why;
  const char *Path = std::getenv("GEVO_HIP_TEST_CODE_OBJECT");
  if (!Path)
    GTEST_SKIP() << "set GEVO_HIP_TEST_CODE_OBJECT to a code object";
  std::ifstream In(Path, std::ios::binary);
  std::string Image((std::istreambuf_iterator<char>(In)), {});
  std::unique_ptr<Module> M;
  ASSERT_EQ(D->load(Image, M), "");
  float Ms = 0;
  Error E = M->launch("no_such_kernel", {1, 1, 1}, {1, 1, 1}, 0, {}, Ms);
  EXPECT_NE(E.find("hipModuleGetFunction"), std::string::npos) << E;
  EXPECT_NE(D->load("not a code object", M), "");
}

} // namespace
