//===- BadInputTest.cpp - Bad modules and bad launches are clear Errors ---===//

#include "CpuTest.h"

using namespace gevo;
using namespace gevo::cpu;
using namespace gevo::cpu::test;

namespace {

const char *Kernel = R"(
define ptx_kernel void @k(ptr %p) {
  ret void
}
)";

std::string loadError(llvm::StringRef Text, bool NVPTX = true) {
  llvm::LLVMContext Ctx;
  auto M = parseTestIR((NVPTX ? std::string(NVPTXHead) : "") + Text.str(), Ctx);
  if (!M)
    return "parse failed";
  auto P = Program::load(*M);
  if (P)
    return "";
  return llvm::toString(P.takeError());
}

std::string launchError(const LaunchConfig &C, unsigned NumArgs = 1) {
  llvm::LLVMContext Ctx;
  auto M = parseTestIR(std::string(NVPTXHead) + Kernel, Ctx);
  auto P = loadProgram(*M);
  void *Arg = nullptr;
  std::vector<void *> Args(NumArgs, &Arg);
  auto R = P->launch("k", C, Args);
  return R ? "" : llvm::toString(R.takeError());
}

TEST(BadInput, ModuleThatIsNotNVPTX) {
  EXPECT_NE(loadError("target triple = \"x86_64-pc-linux-gnu\"\n" +
                          std::string(Kernel),
                      false)
                .find("is not NVPTX IR"),
            std::string::npos);
}

TEST(BadInput, ModuleWithoutKernel) {
  EXPECT_NE(loadError("define void @f() {\n ret void\n}\n").find("no kernel"),
            std::string::npos);
}

TEST(BadInput, UnsupportedIntrinsicIsNamed) {
  std::string E = loadError(R"(
define ptx_kernel void @k() {
  %c = call i64 @llvm.nvvm.read.ptx.sreg.clock64()
  ret void
}
declare i64 @llvm.nvvm.read.ptx.sreg.clock64()
)");
  EXPECT_NE(E.find("llvm.nvvm.read.ptx.sreg.clock64"), std::string::npos) << E;
}

TEST(BadInput, MissingLibdeviceFunctionIsNamed) {
  std::string E = loadError(R"(
define ptx_kernel void @k(ptr %p) {
  %v = call float @__nv_no_such_function(float 1.0)
  store float %v, ptr %p
  ret void
}
declare float @__nv_no_such_function(float)
)");
  EXPECT_NE(E.find("__nv_no_such_function"), std::string::npos) << E;
}

TEST(BadInput, BadLaunches) {
  EXPECT_EQ(launchError({{1}, {32}}), "");
  EXPECT_NE(launchError({{0}, {32}}).find("zero threads"), std::string::npos);
  EXPECT_NE(launchError({{1}, {32, 0, 1}}).find("zero threads"),
            std::string::npos);
  EXPECT_NE(launchError({{1}, {32, 32, 2}}).find("at most 1024"),
            std::string::npos);
  EXPECT_NE(launchError({{1}, {32}}, 2).find("takes 1 arguments"),
            std::string::npos);
}

TEST(BadInput, UnknownKernelAndSymbol) {
  llvm::LLVMContext Ctx;
  auto M = parseTestIR(std::string(NVPTXHead) + Kernel, Ctx);
  auto P = loadProgram(*M);
  auto R = P->launchWith("nope", {{1}, {1}}, nullptr);
  ASSERT_FALSE(bool(R));
  EXPECT_NE(llvm::toString(R.takeError()).find("no kernel named 'nope'"),
            std::string::npos);
  auto S = P->getSymbol("nope");
  ASSERT_FALSE(bool(S));
  llvm::consumeError(S.takeError());
}

TEST(BadInput, DeviceMemoryChecks) {
  int Host[4] = {};
  EXPECT_TRUE(bool(deviceFree(Host)));
  DeviceBuffer<int> B(4);
  EXPECT_FALSE(bool(copyToDevice(B.get(), Host, 16)));
  auto E = copyToDevice(B.get() + 1, Host, 16);
  ASSERT_TRUE(bool(E));
  EXPECT_NE(llvm::toString(std::move(E)).find("not inside a device buffer"),
            std::string::npos);
}

TEST(DeviceMemory, LayoutDependsOnlyOnTheAllocationsOfTheJob) {
  // What a job allocates, from an empty table, after different histories:
  // same addresses, and the page after each buffer is no buffer (a mutant
  // reading a little past one always faults, in every worker).
  auto Layout = [] {
    char *A = static_cast<char *>(deviceAlloc(1000));
    char *B = static_cast<char *>(deviceAlloc(5000));
    ptrdiff_t Distance = B - A;
    EXPECT_GE(Distance, 1000 + 4096); // a page of no buffer after each
    EXPECT_TRUE(isDeviceRange(A, 1000));
    EXPECT_FALSE(isDeviceRange(A + 1000, 1));
    EXPECT_FALSE(isDeviceRange(B - 1, 1));
    EXPECT_FALSE(bool(deviceFree(B)));
    EXPECT_FALSE(bool(deviceFree(A)));
    return std::make_pair(Distance, A);
  };
  auto First = Layout();
  for (size_t Size : {64, 100000, 7}) { // another job's history
    void *Other = deviceAlloc(Size);
    void *More = deviceAlloc(3 * Size);
    EXPECT_FALSE(bool(deviceFree(Other)));
    EXPECT_FALSE(bool(deviceFree(More)));
  }
  EXPECT_EQ(Layout(), First);
}

} // namespace
