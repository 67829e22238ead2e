//===- FakeDevice.h - A PlanDevice on host memory, for the spec tests -*- C++ -*-===//
#ifndef GEVO_TESTS_SPEC_FAKEDEVICE_H
#define GEVO_TESTS_SPEC_FAKEDEVICE_H

#include "gevo/harness/Plan.h"

#include <algorithm>
#include <cstring>
#include <map>

namespace gevo {

/// Host memory with a few "kernels" written in C++.
class FakeDevice : public PlanDevice {
public:
  std::map<uint64_t, Bytes> Mem;
  std::map<std::string, Bytes> Constants;
  std::vector<std::string> Log;
  uint64_t Next = 0x1000;
  std::string Faulty; ///< a kernel that faults like an unknown one

  std::string alloc(size_t Size, uint64_t &A) override {
    A = Next;
    Next += 0x1000;
    Mem[A] = Bytes(Size);
    return "";
  }
  std::string release(uint64_t A) override {
    return Mem.erase(A) ? "" : "double free";
  }
  std::string write(uint64_t A, const Bytes &D) override {
    Mem.at(A) = D;
    return "";
  }
  std::string read(uint64_t A, Bytes &D) override {
    D = Mem.at(A);
    return "";
  }
  std::string setConstant(const std::string &S, const Bytes &D) override {
    Constants[S] = D;
    return "";
  }

  static uint64_t ptr(const Bytes &B) {
    uint64_t P;
    std::memcpy(&P, B.data(), 8);
    return P;
  }
  static int32_t i32(const Bytes &B) {
    int32_t V;
    std::memcpy(&V, B.data(), 4);
    return V;
  }
  int32_t *ints(const Bytes &Arg) {
    return reinterpret_cast<int32_t *>(Mem.at(ptr(Arg)).data());
  }

  /// reduce_sum(const float *in, float *partial, unsigned n), as the
  /// corpus kernel: block b sums in[512 b, 512 b + 512).
  void reduceSum(Dim3 G, const std::vector<Bytes> &Args) {
    auto *In = reinterpret_cast<const float *>(Mem.at(ptr(Args[0])).data());
    auto *Out = reinterpret_cast<float *>(Mem.at(ptr(Args[1])).data());
    uint32_t N = uint32_t(i32(Args[2]));
    for (uint32_t B = 0; B < G.X; ++B) {
      float Sum = 0;
      for (uint32_t I = B * 512; I < std::min(N, B * 512 + 512); ++I)
        Sum += In[I];
      Out[B] = Sum;
    }
  }

  LaunchOutcome launch(const std::string &K, Dim3 G, Dim3 B, unsigned Shared,
                       const std::vector<Bytes> &Args) override {
    Log.push_back(K + " " + std::to_string(G.count() * B.count()));
    LaunchOutcome L;
    L.Seconds = 0.5;
    L.ModeledCost = 10;
    if (K == "inc") { // inc(int *p, int n): p[i] += 1
      for (int32_t I = 0; I < i32(Args[1]); ++I)
        ++ints(Args[0])[I];
    } else if (K == "addc") { // addc(int *p, int c): p[0] += c
      ints(Args[0])[0] += i32(Args[1]);
    } else if (K == "countdown") { // flag = --state > 0
      int32_t S = --ints(Args[1])[0];
      ints(Args[0])[0] = S > 0;
    } else if (K == "reduce_sum" && K != Faulty) {
      reduceSum(G, Args);
    } else {
      L.S = Status::OobWrite;
      L.FaultUid = "U7";
      L.Message = "store out of bounds";
    }
    return L;
  }
};

} // namespace gevo

#endif
