//===- Wire.h - Plain binary encoding of requests, replies, caches --*- C++ -*-===//
//
// Little-endian integers, doubles by their bits, strings with a length. A
// reader that runs past the end or meets a bad length stops and reports
// !ok() instead of reading garbage.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_SANDBOX_WIRE_H
#define GEVO_HARNESS_SANDBOX_WIRE_H

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace gevo::sandbox {

class WireWriter {
public:
  void u64(uint64_t V) {
    for (int I = 0; I < 8; ++I)
      Out.push_back(char((V >> (8 * I)) & 0xff));
  }
  void f64(double V) {
    uint64_t Bits;
    std::memcpy(&Bits, &V, 8);
    u64(Bits);
  }
  void str(std::string_view S) {
    u64(S.size());
    Out.append(S);
  }
  std::string take() { return std::move(Out); }

private:
  std::string Out;
};

class WireReader {
public:
  explicit WireReader(std::string_view In) : In(In) {}
  uint64_t u64() {
    if (In.size() < 8)
      return fail();
    uint64_t V = 0;
    for (int I = 0; I < 8; ++I)
      V |= uint64_t(uint8_t(In[I])) << (8 * I);
    In.remove_prefix(8);
    return V;
  }
  double f64() {
    uint64_t Bits = u64();
    double V;
    std::memcpy(&V, &Bits, 8);
    return V;
  }
  std::string str() {
    uint64_t N = u64();
    if (N > In.size())
      return std::string(fail(), '\0');
    std::string S(In.substr(0, N));
    In.remove_prefix(N);
    return S;
  }
  /// A count of items each at least MinBytes long, checked against what is
  /// left so a corrupt count cannot make a caller allocate wildly.
  uint64_t count(size_t MinBytes) {
    uint64_t N = u64();
    return N <= In.size() / (MinBytes ? MinBytes : 1) ? N : fail();
  }
  bool ok() const { return Ok; }
  bool atEnd() const { return Ok && In.empty(); }

private:
  uint64_t fail() {
    Ok = false;
    In = {};
    return 0;
  }
  std::string_view In;
  bool Ok = true;
};

} // namespace gevo::sandbox

#endif
