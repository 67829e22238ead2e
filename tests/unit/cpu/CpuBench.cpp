//===- CpuBench.cpp - Numbers of the cpu target ---------------------------===//
//
// Not a test: prints JIT time per corpus kernel, a barrier-free kernel
// against the same loop in plain C++ (this file is built with -O2), thread
// barrier crossings per second, and checked against unchecked runs. Runs on
// one TBB thread unless told otherwise: gevo_cpu_bench [threads].
//
//===----------------------------------------------------------------------===//

#include "CpuTest.h"

#include <tbb/global_control.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>

using namespace gevo;
using namespace gevo::cpu;
using namespace gevo::cpu::test;

namespace {

const char *SaxpyIR = R"(
define ptx_kernel void @saxpy(float %a, ptr %x, ptr %y, i32 %n) {
entry:
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cb = mul i32 %c, %b
  %i = add i32 %cb, %t
  %in = icmp slt i32 %i, %n
  br i1 %in, label %body, label %done
body:
  %ii = sext i32 %i to i64
  %px = getelementptr float, ptr %x, i64 %ii
  %py = getelementptr float, ptr %y, i64 %ii
  %vx = load float, ptr %px
  %vy = load float, ptr %py
  %m = fmul float %a, %vx
  %s = fadd float %m, %vy
  store float %s, ptr %py
  br label %done
done:
  ret void
}
@tile = internal addrspace(3) global [256 x float] undef, align 4
define ptx_kernel void @barriers(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %row = mul i32 %ty, 16
  %l = add i32 %row, %t
  %li = zext i32 %l to i64
  %p = getelementptr [256 x float], ptr addrspace(3) @tile, i64 0, i64 %li
  %r = xor i64 %li, 1
  %q = getelementptr [256 x float], ptr addrspace(3) @tile, i64 0, i64 %r
  store float 1.0, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %v1 = load float, ptr addrspace(3) %q
  call void @llvm.nvvm.barrier0()
  store float %v1, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %v2 = load float, ptr addrspace(3) %q
  call void @llvm.nvvm.barrier0()
  %o = getelementptr float, ptr %out, i64 %li
  store float %v2, ptr %o
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare void @llvm.nvvm.barrier0()
)";

using Clock = std::chrono::steady_clock;

template <typename Fn> double bestOf(int Repeats, Fn F) {
  double Best = 1e30;
  for (int I = 0; I < Repeats; ++I) {
    auto Start = Clock::now();
    F();
    Best = std::min(Best, std::chrono::duration<double>(Clock::now() - Start)
                              .count());
  }
  return Best;
}

__attribute__((noinline)) void saxpyPlain(float A, const float *X, float *Y,
                                          int N) {
  for (int I = 0; I < N; ++I)
    Y[I] = A * X[I] + Y[I];
}

void jitTimes() {
  std::vector<std::string> Files;
  for (const auto &E : std::filesystem::directory_iterator(GEVO_CORPUS_DIR))
    if (E.path().extension() == ".ll")
      Files.push_back(E.path().stem().string());
  std::sort(Files.begin(), Files.end());
  for (const std::string &Name : Files) {
    llvm::LLVMContext Ctx;
    auto M = loadCorpus(Name, Ctx);
    auto P = Program::load(*M);
    if (!P) {
      std::printf("jit %-18s failed: %s\n", Name.c_str(),
                  llvm::toString(P.takeError()).c_str());
      continue;
    }
    std::printf("jit %-18s %7.1f ms\n", Name.c_str(), (*P)->jitSeconds() * 1e3);
  }
}

/// Plain C++, the checked and the unchecked cpu target, interleaved round
/// by round (the best round of each counts), so that load from other
/// processes hits all three alike.
void saxpy(const llvm::Module &M) {
  const int N = 1 << 24;
  DeviceBuffer<float> X(std::vector<float>(N, 1.0f)), Y(N);
  std::vector<float> HX(N, 1.0f), HY(N);
  std::unique_ptr<Program> Programs[2];
  for (bool Checks : {true, false}) {
    Options Opts = withoutJudge(); // gevo_judge_bench measures the judge
    Opts.Checks = Checks;
    Programs[Checks] = llvm::cantFail(Program::load(M, Opts));
  }
  double Plain = 1e30, Target[2] = {1e30, 1e30};
  LaunchResult R;
  for (int Round = 0; Round < 9; ++Round) {
    Plain = std::min(
        Plain, bestOf(1, [&] { saxpyPlain(2.0f, HX.data(), HY.data(), N); }));
    for (bool Checks : {true, false})
      Target[Checks] = std::min(Target[Checks], bestOf(1, [&] {
        R = llvm::cantFail(Programs[Checks]->launchWith(
            "saxpy", {{N / 256}, {256}}, 2.0f, X.get(), Y.get(), N));
      }));
  }
  std::printf("saxpy 2^24 plain C++ -O2: %.2f ms\n", Plain * 1e3);
  for (bool Checks : {true, false})
    std::printf("saxpy 2^24 cpu target, checks %-3s: %.2f ms (%.2fx plain), "
                "modeled cost %llu\n",
                Checks ? "on" : "off", Target[Checks] * 1e3,
                Target[Checks] / Plain, (unsigned long long)R.ModeledCost);
  std::printf("cost of the checks: %.2fx the unchecked run\n",
              Target[true] / Target[false]);
}

void barriers(const llvm::Module &M) {
  const unsigned Blocks = 2000;
  DeviceBuffer<float> Out(256);
  for (bool Checks : {true, false}) {
    Options Opts = withoutJudge(); // gevo_judge_bench measures the judge
    Opts.Checks = Checks;
    auto P = llvm::cantFail(Program::load(M, Opts));
    double T = bestOf(3, [&] {
      llvm::cantFail(P->launchWith("barriers", {{Blocks}, {16, 16}}, Out.get()));
    });
    double Crossings = double(Blocks) * 256 * 4;
    std::printf("16x16 blocks, 4 barriers, checks %-3s: %.0f thread-barrier "
                "crossings/s\n",
                Checks ? "on" : "off", Crossings / T);
  }
}

} // namespace

int main(int Argc, char **Argv) {
  int Threads = Argc > 1 ? std::atoi(Argv[1]) : 1;
  if (Argc > 2 || Threads < 1) {
    std::fprintf(stderr, "usage: gevo_cpu_bench [threads]  (TBB threads, at "
                         "least 1; default 1)\n");
    return Argc == 2 && (!std::strcmp(Argv[1], "-h") ||
                         !std::strcmp(Argv[1], "--help"))
               ? 0
               : 2;
  }
  tbb::global_control Limit(tbb::global_control::max_allowed_parallelism,
                            Threads);
  std::printf("TBB threads: %d\n", Threads);
  jitTimes();
  llvm::LLVMContext Ctx;
  auto M = parseTestIR(std::string(NVPTXHead) + SaxpyIR, Ctx);
  saxpy(*M);
  barriers(*M);
}
