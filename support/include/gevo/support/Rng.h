//===- Rng.h - The one random engine of a run --------------------*- C++ -*-===//
//
// A seeded 64-bit Mersenne Twister with draws defined here (not by the
// standard library's distributions, whose results differ between library
// versions), so a seed gives the same run everywhere.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_SUPPORT_RNG_H
#define GEVO_SUPPORT_RNG_H

#include <cstdint>
#include <random>

namespace gevo {

class Rng {
public:
  explicit Rng(uint64_t Seed = 0) : Engine(Seed) {}
  /// Uniform in [0, N); N must be positive.
  uint64_t below(uint64_t N) {
    // Rejection keeps the draw exactly uniform.
    uint64_t Limit = UINT64_MAX - UINT64_MAX % N;
    uint64_t X;
    do
      X = Engine();
    while (X >= Limit);
    return X % N;
  }
  /// Uniform in [0, 1).
  double uniform() { return (Engine() >> 11) * 0x1.0p-53; }
  std::mt19937_64 &engine() { return Engine; }

private:
  std::mt19937_64 Engine;
};

} // namespace gevo

#endif
