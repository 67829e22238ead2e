//===- CudaTest.cpp - findCudaToolkit follows CUDA_PATH / CUDA_HOME -------===//

#include "gevo/harness/Cuda.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdlib>

using namespace llvm;
using namespace gevo;

namespace {

/// Sets CUDA_PATH and CUDA_HOME for one test and restores them afterwards.
class ScopedCudaEnv {
public:
  ScopedCudaEnv(const char *CudaPath, const char *CudaHome) {
    save("CUDA_PATH", SavedPath);
    save("CUDA_HOME", SavedHome);
    set("CUDA_PATH", CudaPath);
    set("CUDA_HOME", CudaHome);
  }
  ~ScopedCudaEnv() {
    set("CUDA_PATH", SavedPath ? SavedPath->c_str() : nullptr);
    set("CUDA_HOME", SavedHome ? SavedHome->c_str() : nullptr);
  }

private:
  static void save(const char *Name, std::optional<std::string> &Slot) {
    if (const char *Value = std::getenv(Name))
      Slot = Value;
  }
  static void set(const char *Name, const char *Value) {
    if (Value)
      ::setenv(Name, Value, 1);
    else
      ::unsetenv(Name);
  }
  std::optional<std::string> SavedPath, SavedHome;
};

/// A temporary directory, removed with everything in it at the end.
class FakeToolkit {
public:
  FakeToolkit() {
    EXPECT_FALSE(sys::fs::createUniqueDirectory("gevo-fake-cuda", Root));
  }
  ~FakeToolkit() { sys::fs::remove_directories(Root); }
  /// Creates <Root>/bin/ptxas, executable.
  std::string addPtxas() {
    SmallString<128> Path(Root);
    sys::path::append(Path, "bin");
    EXPECT_FALSE(sys::fs::create_directories(Path));
    sys::path::append(Path, "ptxas");
    std::error_code EC;
    raw_fd_ostream(Path, EC) << "#!/bin/sh\nexit 0\n";
    EXPECT_FALSE(EC);
    EXPECT_FALSE(sys::fs::setPermissions(Path, sys::fs::all_read |
                                                   sys::fs::all_exe |
                                                   sys::fs::owner_write));
    return std::string(Path);
  }
  SmallString<128> Root;
};

TEST(CudaTest, CudaPathPointsAtTheToolkit) {
  FakeToolkit Fake;
  std::string Ptxas = Fake.addPtxas();
  ScopedCudaEnv Env(Fake.Root.c_str(), "/nonexistent");
  std::optional<CudaToolkit> Cuda = findCudaToolkit();
  ASSERT_TRUE(Cuda.has_value());
  EXPECT_EQ(Cuda->Root, Fake.Root.str());
  EXPECT_EQ(Cuda->Ptxas, Ptxas);
  EXPECT_EQ(Cuda->Libdevice, "");
}

TEST(CudaTest, CudaHomeIsUsedWhenCudaPathIsUnset) {
  FakeToolkit Fake;
  Fake.addPtxas();
  ScopedCudaEnv Env(nullptr, Fake.Root.c_str());
  std::optional<CudaToolkit> Cuda = findCudaToolkit();
  ASSERT_TRUE(Cuda.has_value());
  EXPECT_EQ(Cuda->Root, Fake.Root.str());
}

TEST(CudaTest, ADirectoryWithoutPtxasOrLibdeviceIsNoToolkit) {
  FakeToolkit Empty;
  ScopedCudaEnv Env(Empty.Root.c_str(), nullptr);
  EXPECT_FALSE(findCudaToolkit().has_value());
}

} // namespace
