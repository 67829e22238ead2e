//===- Conversions.cpp - Numeric conversions and bit reinterpretations ----===//
//
// Float-to-integer conversions round in the named mode, then saturate with
// NaN -> 0 (PTX cvt); integer/double-to-float conversions round in the named
// mode on the host FPU; the _as_ functions reinterpret bits.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include <cstring>

namespace gevo::cpu::libdevice {
namespace {

/// \p V rounded to an integral value in \p Mode.
template <int Mode, typename Fp> Fp roundIn(Fp V) {
  RoundingScope Scope(Mode);
  // nearbyint rounds in the current mode without raising inexact.
  return opaque(std::nearbyint(opaque(V)));
}

template <int Mode, typename Int, typename Fp> Int toInt(Fp V) {
  return saturate<Int>(roundIn<Mode>(V));
}

template <int Mode, typename From, typename To> To convert(From V) {
  RoundingScope Scope(Mode);
  return opaque(static_cast<To>(opaque(V)));
}

template <typename To, typename From> To bitCast(From V) {
  static_assert(sizeof(To) == sizeof(From));
  To R;
  std::memcpy(&R, &V, sizeof R);
  return R;
}

int doubleHi(double V) {
  return static_cast<int>(bitCast<unsigned long long>(V) >> 32);
}
int doubleLo(double V) {
  return static_cast<int>(bitCast<unsigned long long>(V));
}
double hiLoToDouble(int Hi, int Lo) {
  return bitCast<double>(static_cast<unsigned long long>(Hi) << 32 |
                         static_cast<unsigned>(Lo));
}

unsigned short floatToHalf(float V) {
  return bitCast<unsigned short>(static_cast<_Float16>(V));
}
float halfToFloat(unsigned short H) {
  return static_cast<float>(bitCast<_Float16>(H));
}

#define MODES GEVO_LIBDEVICE_MODES
// The four modes of Fp -> each integer type; the prefix is double / float.
#define TO_INTS(Prefix, Fp)                                                    \
  MODES(Prefix "2int", toInt, int, Fp),                                        \
      MODES(Prefix "2uint", toInt, unsigned, Fp),                              \
      MODES(Prefix "2ll", toInt, long long, Fp),                               \
      MODES(Prefix "2ull", toInt, unsigned long long, Fp)
#define BITCAST(Name, To, From)                                                \
  { "__nv_" Name, address(&bitCast<To, From>) }

const RuntimeSymbol Symbols[] = {
    TO_INTS("float", float),
    TO_INTS("double", double),
    MODES("double2float", convert, double, float),
    MODES("int2float", convert, int, float),
    MODES("uint2float", convert, unsigned, float),
    MODES("ll2float", convert, long long, float),
    MODES("ull2float", convert, unsigned long long, float),
    MODES("ll2double", convert, long long, double),
    MODES("ull2double", convert, unsigned long long, double),
    // int/uint -> double is exact.
    {"__nv_int2double_rn", address(&convert<FE_TONEAREST, int, double>)},
    {"__nv_uint2double_rn", address(&convert<FE_TONEAREST, unsigned, double>)},
    BITCAST("float_as_int", int, float),
    BITCAST("float_as_uint", unsigned, float),
    BITCAST("int_as_float", float, int),
    BITCAST("uint_as_float", float, unsigned),
    BITCAST("double_as_longlong", unsigned long long, double),
    BITCAST("longlong_as_double", double, long long),
    {"__nv_double2hiint", address(&doubleHi)},
    {"__nv_double2loint", address(&doubleLo)},
    {"__nv_hiloint2double", address(&hiLoToDouble)},
    {"__nv_float2half_rn", address(&floatToHalf)},
    {"__nv_half2float", address(&halfToFloat)},
};
#undef MODES
#undef TO_INTS
#undef BITCAST

} // namespace

llvm::ArrayRef<RuntimeSymbol> conversionSymbols() { return Symbols; }

} // namespace gevo::cpu::libdevice
