//===- Poison.h - What memory a GPU leaves undefined holds -------*- C++ -*-===//
//
// cudaMalloc memory is garbage on a real GPU, so gevo never gives a kernel
// zeros it did not ask for: a buffer a plan declares without "init", and
// every allocation a C++ driver makes, hold this pattern on every target
// (the plan layer writes it after the target's alloc); so does the cpu
// target's shared memory at the start of every block. As f32 the word is
// a NaN, as an index a huge value, so a kernel that relies on zeroed
// memory gives outputs that differ from zero-filled ones. Header-only, so
// that drivers and every target can use it.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_POISON_H
#define GEVO_HARNESS_POISON_H

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace gevo {

/// The poison word, repeated through undefined memory in little-endian
/// byte order (A5 A5 A5 7F ...) whatever the buffer's element type.
inline constexpr uint32_t PoisonWord = 0x7FA5A5A5;

/// Fills Size bytes at Data with the poison pattern, byte I of the range
/// being byte I % 4 of PoisonWord (little-endian).
inline void fillPoison(uint8_t *Data, size_t Size) {
  size_t Words = Size / 4;
  for (size_t I = 0; I < Words; ++I) // as words: per block arenas too
    std::memcpy(Data + 4 * I, &PoisonWord, 4);
  for (size_t I = 4 * Words; I < Size; ++I)
    Data[I] = uint8_t(PoisonWord >> (8 * (I % 4)));
}

} // namespace gevo

#endif
