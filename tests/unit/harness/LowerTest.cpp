//===- LowerTest.cpp - lowerToPTX: PTX out, Errors for bad input ----------===//

#include "TestKernels.h"
#include "ValueOrFail.h"

#include "gevo/harness/Lower.h"

#include "llvm/Support/raw_ostream.h"

#include <thread>
#include <vector>

using namespace llvm;
using namespace gevo;
using gevo::test::parseTestIR;
using gevo::test::ReverseExp;

namespace {

std::string lower(const char *IR, const PtxOptions &Opts = PtxOptions()) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parseTestIR(IR, Ctx);
  return gevo::test::valueOrFail(lowerToPTX(*M, Opts));
}

std::string lowerError(const char *IR, const PtxOptions &Opts = PtxOptions()) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parseTestIR(IR, Ctx);
  Expected<std::string> Ptx = lowerToPTX(*M, Opts);
  if (Ptx) {
    ADD_FAILURE() << "lowering succeeded";
    return "";
  }
  return toString(Ptx.takeError());
}

std::string printed(const Module &M) {
  std::string Text;
  raw_string_ostream(Text) << M;
  return Text;
}

TEST(LowerTest, EmitsBothKindsOfKernelAsEntries) {
  std::string Ptx = lower(ReverseExp);
  EXPECT_NE(Ptx.find(".target sm_80"), std::string::npos);
  EXPECT_NE(Ptx.find(".entry reverse_exp("), std::string::npos);
  EXPECT_NE(Ptx.find(".entry fill("), std::string::npos);
}

TEST(LowerTest, InternalizesHelpersButNotDeviceGlobals) {
  std::string Ptx = lower(ReverseExp);
  EXPECT_NE(Ptx.find("times_scale"), std::string::npos);
  EXPECT_EQ(Ptx.find(".visible .func"), std::string::npos) << Ptx;
  EXPECT_NE(Ptx.find(".visible .global .align 4 .f32 scale"), std::string::npos)
      << Ptx;
}

TEST(LowerTest, HonoursArch) {
  PtxOptions Opts;
  Opts.Arch = "sm_90";
  EXPECT_NE(lower(ReverseExp, Opts).find(".target sm_90"), std::string::npos);
}

TEST(LowerTest, WithoutLibdeviceTheCallStaysExtern) {
  std::string Ptx = lower(ReverseExp);
  size_t Extern = Ptx.find(".extern .func");
  ASSERT_NE(Extern, std::string::npos) << Ptx;
  EXPECT_EQ(Ptx.find(") __nv_expf", Extern), Ptx.find(") __nv_expf")) << Ptx;
}

TEST(LowerTest, LinksTheLibdeviceFunctionsCalled) {
  GEVO_REQUIRE_CUDA(Cuda, Libdevice);
  for (unsigned Level : {0u, 2u}) {
    PtxOptions Opts;
    Opts.LibdevicePath = Cuda->Libdevice;
    Opts.OptLevel = Level;
    std::string Ptx = lower(ReverseExp, Opts);
    EXPECT_EQ(Ptx.find(".extern"), std::string::npos) << "O" << Level;
    EXPECT_NE(Ptx.find(".entry reverse_exp("), std::string::npos);
  }
}

TEST(LowerTest, LeavesTheInputModuleAlone) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parseTestIR(ReverseExp, Ctx);
  std::string Before = printed(*M);
  ASSERT_TRUE(bool(lowerToPTX(*M, PtxOptions())));
  EXPECT_EQ(printed(*M), Before);
}

TEST(LowerTest, RejectsBadModules) {
  struct {
    const char *IR;
    const char *Expected;
  } Cases[] = {
      {R"IR(
target triple = "x86_64-unknown-linux-gnu"
define void @k() { ret void }
)IR",
       "has triple 'x86_64-unknown-linux-gnu', not nvptx"},
      {R"IR(
target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(ptr %p) {
  %a = add i32 %b, 1
  %b = add i32 %a, 1
  store i32 %b, ptr %p
  ret void
}
)IR",
       "is invalid IR: Instruction does not dominate all uses!"},
      {R"IR(
target triple = "nvptx64-nvidia-cuda"
define void @helper() { ret void }
)IR",
       "defines no kernel"},
  };
  for (const auto &Case : Cases) {
    std::string Error = lowerError(Case.IR);
    EXPECT_NE(Error.find(Case.Expected), std::string::npos) << Error;
  }
}

TEST(LowerTest, RejectsBadOptions) {
  PtxOptions BadArch;
  BadArch.Arch = "sm_1000";
  EXPECT_NE(lowerError(ReverseExp, BadArch).find("unknown NVPTX arch 'sm_1000'"),
            std::string::npos);
  PtxOptions BadLevel;
  BadLevel.OptLevel = 4;
  EXPECT_NE(lowerError(ReverseExp, BadLevel).find("out of range"),
            std::string::npos);
  PtxOptions NoFile;
  NoFile.LibdevicePath = "/nonexistent/libdevice.10.bc";
  EXPECT_NE(lowerError(ReverseExp, NoFile).find("cannot read libdevice"),
            std::string::npos);
}

TEST(LowerTest, BackendFatalErrorIsAnErrorNotAnExit) {
  const char *GlobalCtor = R"IR(
target triple = "nvptx64-nvidia-cuda"
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @init, ptr null }]
declare void @external()
define void @init() {
  call void @external()
  ret void
}
define ptx_kernel void @k() { ret void }
)IR";
  std::string Error = lowerError(GlobalCtor);
  EXPECT_NE(Error.find("LLVM fatal error: Module has a nontrivial global ctor"),
            std::string::npos)
      << Error;
  EXPECT_NE(lower(ReverseExp).find(".entry fill("), std::string::npos);
}

TEST(LowerTest, BackendDiagnosticIsAnError) {
  const char *DynamicAlloca = R"IR(
target triple = "nvptx64-nvidia-cuda"
declare void @use(ptr)
define ptx_kernel void @k(i64 %n) {
  %a = alloca i32, i64 %n
  call void @use(ptr %a)
  ret void
}
)IR";
  std::string Error = lowerError(DynamicAlloca);
  EXPECT_NE(Error.find("NVPTX code generation"), std::string::npos) << Error;
  EXPECT_NE(Error.find("dynamic alloca"), std::string::npos) << Error;
}

// NVPTX numbers call sites from a process-wide counter; the text must not
// depend on what was lowered before.
TEST(LowerTest, LoweringTwiceGivesTheSameText) {
  const char *Calls = R"IR(
target triple = "nvptx64-nvidia-cuda"
define internal i32 @twice(i32 %x) noinline {
  %r = shl i32 %x, 1
  ret i32 %r
}
define ptx_kernel void @k(ptr %p, ptr %f) {
  %v = load i32, ptr %p
  %a = call i32 @twice(i32 %v)
  %b = call i32 %f(i32 %a)
  store i32 %b, ptr %p
  ret void
}
)IR";
  std::string First = lower(Calls);
  EXPECT_NE(First.find("prototype_1 : .callprototype"), std::string::npos)
      << First;
  EXPECT_NE(First.find("callseq 0"), std::string::npos) << First;
  EXPECT_EQ(lower(Calls), First);
}

TEST(LowerTest, ConcurrentLoweringMatchesSerial) {
  PtxOptions Opts;
  if (std::optional<CudaToolkit> Cuda = findCudaToolkit())
    Opts.LibdevicePath = Cuda->Libdevice;
  std::string Serial = lower(ReverseExp, Opts);
  ASSERT_FALSE(Serial.empty());
  std::vector<std::string> Parallel(4);
  std::vector<std::thread> Threads;
  for (std::string &Out : Parallel)
    Threads.emplace_back([&Out, &Opts] { Out = lower(ReverseExp, Opts); });
  for (std::thread &T : Threads)
    T.join();
  for (const std::string &Out : Parallel)
    EXPECT_EQ(Out, Serial);
}

} // namespace
