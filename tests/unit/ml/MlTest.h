//===- MlTest.h - Helpers for the ML workloads' tests -------------*- C++ -*-===//
#ifndef GEVO_TESTS_ML_MLTEST_H
#define GEVO_TESTS_ML_MLTEST_H

#include "common/FashionMnist.h"

#include "gevo/harness/Driver.h"
#include "gevo/harness/cpu/PlanDevice.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

#include <dlfcn.h>

namespace gevo::ml::test {

/// One app's kernels (svm.ll or sgd.ll) loaded on the cpu target.
class AppTest : public ::testing::Test {
protected:
  explicit AppTest(const char *App) : App(App) {}
  void SetUp() override {
    llvm::SMDiagnostic Diag;
    M = llvm::parseIRFile(std::string(GEVO_ML_DIR) + "/" + App + ".ll", Diag,
                          Ctx);
    ASSERT_TRUE(M) << Diag.getMessage().str();
    auto D = cpu::CpuPlanDevice::create(*M);
    ASSERT_TRUE(bool(D)) << llvm::toString(D.takeError());
    Dev = std::move(*D);
  }

  /// The app's driver, from its shared object as the harness loads it.
  std::unique_ptr<Driver> loadDriver() {
    std::string Path = std::string(GEVO_ML_DIR) + "/" + App + "-driver.so";
    void *Handle = dlopen(Path.c_str(), RTLD_NOW | RTLD_LOCAL);
    EXPECT_TRUE(Handle) << dlerror();
    if (!Handle)
      return nullptr;
    auto Create =
        reinterpret_cast<CreateDriverFn>(dlsym(Handle, CreateDriverSymbol));
    EXPECT_TRUE(Create);
    return std::unique_ptr<Driver>(Create ? Create() : nullptr);
  }

  DriverOutcome runDriver(const nlohmann::json &Params, bool HeldOut) {
    std::unique_ptr<Driver> D = loadDriver();
    if (!D)
      return {};
    DriverCase C{"case", "/nonexistent-tests-dir", HeldOut, Params};
    return D->run(*Dev, C);
  }

  /// A subset of the installed dataset, which must be readable.
  static Samples subset(Split S, std::vector<int> Classes, size_t PerClass,
                        uint64_t Seed) {
    return llvm::cantFail(
        selectSubset(*llvm::cantFail(loadFashionMnist(DefaultFashionMnistDir, S)),
                     Classes, PerClass, Seed));
  }

  const char *App;
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M;
  std::unique_ptr<cpu::CpuPlanDevice> Dev;
};

} // namespace gevo::ml::test

#endif
