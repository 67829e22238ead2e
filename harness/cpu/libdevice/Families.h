//===- Families.h - The per-family parts of the libdevice table -----------===//
//
// Each family file (Math.cpp, Special.cpp, Rounding.cpp, Conversions.cpp,
// Integer.cpp, Simd.cpp) lists its functions; Table.cpp merges and sorts.
//
//===----------------------------------------------------------------------===//

#ifndef GEVO_HARNESS_CPU_LIBDEVICE_FAMILIES_H
#define GEVO_HARNESS_CPU_LIBDEVICE_FAMILIES_H

#include "Libdevice.h"

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

/// PTX cvt's float-to-integer rule for an already integral \p V: NaN is 0,
/// out-of-range values saturate to the type's range.
template <typename Int, typename Fp> Int saturate(Fp V) {
  using Limits = std::numeric_limits<Int>;
  if (std::isnan(V))
    return 0;
  if (V <= static_cast<Fp>(Limits::min()))
    return Limits::min();
  // max()+1 is a power of two, so exact in any float type.
  if (V >= static_cast<Fp>(Limits::max()) + 1)
    return Limits::max();
  return static_cast<Int>(V);
}

} // namespace gevo::cpu::libdevice

#endif
