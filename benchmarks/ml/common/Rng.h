//===- Rng.h - A small seeded generator the ML drivers share -----*- C++ -*-===//
//
// SplitMix64: the same stream on every platform and standard library, which
// std::uniform_*_distribution does not promise. Drivers draw their data
// order, subsets and initial weights from it, so a case is deterministic.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_BENCHMARKS_ML_RNG_H
#define GEVO_BENCHMARKS_ML_RNG_H

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace gevo::ml {

class Rng {
public:
  explicit Rng(uint64_t Seed) : State(Seed) {}

  uint64_t next() {
    uint64_t Z = (State += 0x9e3779b97f4a7c15ULL);
    Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebULL;
    return Z ^ (Z >> 31);
  }
  /// Uniform in [0, 1).
  double uniform() { return double(next() >> 11) * 0x1.0p-53; }
  /// Uniform in [0, N) (N > 0), by a 128-bit multiply (bias < N / 2^64).
  size_t below(size_t N) {
    return size_t((static_cast<unsigned __int128>(next()) * N) >> 64);
  }
  /// Fisher-Yates.
  template <typename T> void shuffle(std::vector<T> &V) {
    for (size_t I = V.size(); I > 1; --I)
      std::swap(V[I - 1], V[below(I)]);
  }

private:
  uint64_t State;
};

} // namespace gevo::ml

#endif
