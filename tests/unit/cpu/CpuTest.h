//===- CpuTest.h - Helpers for the cpu target's tests -------------*- C++ -*-===//
#ifndef GEVO_TESTS_CPU_CPUTEST_H
#define GEVO_TESTS_CPU_CPUTEST_H

#include "gevo/harness/cpu/Memory.h"
#include "gevo/harness/cpu/Program.h"

#include "ParseIR.h"
#include "ValueOrFail.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <vector>

namespace gevo::cpu::test {

using gevo::test::parseTestIR;

/// The head of a hand-written NVPTX module.
inline constexpr const char *NVPTXHead =
    "target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n"
    "target triple = \"nvptx64-nvidia-cuda\"\n";

/// out[4 * t + k] = the k-th value, for the kernels that report four.
inline constexpr const char *Store4IR = R"(
define void @store4(ptr %out, i32 %t, i32 %a, i32 %b, i32 %c, i32 %d) {
  %base = mul i32 %t, 4
  %i = sext i32 %base to i64
  %p0 = getelementptr i32, ptr %out, i64 %i
  store i32 %a, ptr %p0
  %p1 = getelementptr i32, ptr %p0, i64 1
  store i32 %b, ptr %p1
  %p2 = getelementptr i32, ptr %p0, i64 2
  store i32 %c, ptr %p2
  %p3 = getelementptr i32, ptr %p0, i64 3
  store i32 %d, ptr %p3
  ret void
}
)";

inline std::unique_ptr<llvm::Module> loadCorpus(llvm::StringRef Name,
                                                llvm::LLVMContext &Ctx) {
  return gevo::test::parseTestIRFile(
      std::string(GEVO_CORPUS_DIR) + "/" + Name.str() + ".ll", Ctx);
}

/// Loads \p M for the cpu target, failing the test on an Error.
inline std::unique_ptr<Program> loadProgram(const llvm::Module &M,
                                            const Options &Opts = {}) {
  return gevo::test::valueOrFail(Program::load(M, Opts));
}

/// A fixture that loads hand-written NVPTX IR: a kernel body plus the IR
/// every test of the suite shares.
class IRTest : public ::testing::Test {
protected:
  explicit IRTest(const char *Shared = "") : Shared(Shared) {}
  std::unique_ptr<Program> load(llvm::StringRef Body, const Options &Opts = {}) {
    M = parseTestIR(std::string(NVPTXHead) + Body.str() + Shared, Ctx);
    return M ? loadProgram(*M, Opts) : nullptr;
  }
  const char *Shared;
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M;
};

/// A device buffer of N elements of T, freed on destruction.
template <typename T> class DeviceBuffer {
public:
  explicit DeviceBuffer(size_t N)
      : N(N), Ptr(static_cast<T *>(deviceAlloc(N * sizeof(T)))) {}
  explicit DeviceBuffer(const std::vector<T> &Host) : DeviceBuffer(Host.size()) {
    llvm::cantFail(copyToDevice(Ptr, Host.data(), N * sizeof(T)));
  }
  ~DeviceBuffer() { llvm::cantFail(deviceFree(Ptr)); }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  T *get() const { return Ptr; }
  std::vector<T> read() const {
    std::vector<T> Host(N);
    llvm::cantFail(copyFromDevice(Host.data(), Ptr, N * sizeof(T)));
    return Host;
  }

private:
  size_t N;
  T *Ptr;
};

/// \p O without race and initialisation checks: for the tests of other
/// things whose kernels race by design (every block writing the same
/// output, a plain read of a counter other threads update atomically).
inline Options withoutJudge(Options O = {}) {
  O.RaceChecks = O.InitChecks = false;
  return O;
}

/// A LaunchResult of status \p S saying \p Message.
inline LaunchResult failed(Status S, const char *Message) {
  LaunchResult R;
  R.S = S;
  R.Message = Message;
  return R;
}

/// Runs a launch that must be accepted and returns its result.
template <typename... Ts>
LaunchResult run(Program &P, llvm::StringRef Kernel, const LaunchConfig &C,
                 Ts... Args) {
  auto R = P.launchWith(Kernel, C, Args...);
  if (!R) {
    ADD_FAILURE() << llvm::toString(R.takeError());
    return failed(Status::Crash, "launch refused");
  }
  return *R;
}

/// Whether \p R ended with status \p S at the instruction of UID \p Uid.
inline ::testing::AssertionResult faultAt(const LaunchResult &R, Status S,
                                          llvm::StringRef Uid) {
  if (R.S == S && R.FaultUid == Uid)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << statusName(R.S) << " at '" << R.FaultUid << "', want "
         << statusName(S) << " at '" << Uid.str() << "': " << R.Message;
}

/// Runs a launch that must be accepted and end Ok; whether it did.
template <typename... Ts>
::testing::AssertionResult runsOk(Program &P, llvm::StringRef Kernel,
                                  const LaunchConfig &C, Ts... Args) {
  LaunchResult R = run(P, Kernel, C, Args...);
  if (R.S == Status::Ok)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << statusName(R.S) << ": " << R.Message;
}

/// A fixture for kernels @k(ptr %buf) on one buffer of ints, mostly hostile
/// ones (faults, undefined reads) that must end with a status.
class BufferKernelTest : public IRTest {
protected:
  BufferKernelTest(const char *Shared, std::vector<int> Contents)
      : IRTest(Shared), Buf(Contents) {}
  /// Launches @k of \p Body on Grid x Block threads; a module that does
  /// not load is a CompileFail.
  LaunchResult launchK(llvm::StringRef Body, Dim3 Grid, Dim3 Block,
                       const Options &Opts = {}) {
    P = load(Body, Opts);
    if (!P)
      return failed(Status::CompileFail, "load failed");
    return run(*P, "k", {Grid, Block}, Buf.get());
  }
  std::unique_ptr<Program> P;
  DeviceBuffer<int> Buf;
};

} // namespace gevo::cpu::test

#endif
