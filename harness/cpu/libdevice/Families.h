//===- Families.h - The per-family parts of the libdevice table -----------===//
//
// Each family file (Math.cpp, Special.cpp, Rounding.cpp, Conversions.cpp,
// Integer.cpp, Simd.cpp) lists its functions; Table.cpp merges and sorts.
//
//===----------------------------------------------------------------------===//

#ifndef GEVO_HARNESS_CPU_LIBDEVICE_FAMILIES_H
#define GEVO_HARNESS_CPU_LIBDEVICE_FAMILIES_H

#include "Libdevice.h"

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace gevo::cpu::libdevice {

llvm::ArrayRef<RuntimeSymbol> mathSymbols();
llvm::ArrayRef<RuntimeSymbol> specialSymbols();
llvm::ArrayRef<RuntimeSymbol> roundingSymbols();
llvm::ArrayRef<RuntimeSymbol> conversionSymbols();
llvm::ArrayRef<RuntimeSymbol> integerSymbols();
llvm::ArrayRef<RuntimeSymbol> simdSymbols();

/// A function pointer as the table stores it.
template <typename Fn> void *address(Fn *F) {
  return reinterpret_cast<void *>(F);
}

/// \p V read through a volatile, so that the arithmetic on it cannot move
/// across a RoundingScope's mode switches.
template <typename T> T opaque(T V) {
  volatile T Copy = V;
  return Copy;
}

/// Sets the host FPU's rounding mode for its lifetime (compile users with
/// -frounding-math).
class RoundingScope {
  int Old;

public:
  explicit RoundingScope(int Mode) : Old(std::fegetround()) {
    std::fesetround(Mode);
  }
  ~RoundingScope() { std::fesetround(Old); }
  RoundingScope(const RoundingScope &) = delete;
  RoundingScope &operator=(const RoundingScope &) = delete;
};

// The four rounding-mode variants of a function template whose first
// parameter is the mode: __nv_<Prefix>_rd, _rn, _ru, _rz.
#define GEVO_LIBDEVICE_MODES(Prefix, Template, ...)                            \
  {"__nv_" Prefix "_rd", address(&Template<FE_DOWNWARD, __VA_ARGS__>)},        \
      {"__nv_" Prefix "_rn", address(&Template<FE_TONEAREST, __VA_ARGS__>)},   \
      {"__nv_" Prefix "_ru", address(&Template<FE_UPWARD, __VA_ARGS__>)}, {    \
    "__nv_" Prefix "_rz", address(&Template<FE_TOWARDZERO, __VA_ARGS__>)       \
  }

/// PTX cvt's float-to-integer rule for an already integral \p V, as an H100
/// does it: out-of-range values saturate to the type's range; NaN is 0 from
/// float to a 32-bit integer, otherwise the result with only its top bit set
/// (INT_MIN, 0x80000000u, LLONG_MIN, 1ull << 63).
template <typename Int, typename Fp> Int saturate(Fp V) {
  using Limits = std::numeric_limits<Int>;
  using Unsigned = std::make_unsigned_t<Int>;
  constexpr unsigned Bits = sizeof(Int) * 8;
  if (std::isnan(V))
    return sizeof(Fp) == 4 && Bits == 32
               ? 0
               : static_cast<Int>(Unsigned(1) << (Bits - 1));
  if (V <= static_cast<Fp>(Limits::min()))
    return Limits::min();
  // max()+1 is a power of two; built from max()/2+1 it is exact in any
  // rounding mode.
  if (V >= static_cast<Fp>(Limits::max() / 2 + 1) * 2)
    return Limits::max();
  return static_cast<Int>(V);
}

} // namespace gevo::cpu::libdevice

#endif
