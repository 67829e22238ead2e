//===- Rounding.cpp - Arithmetic in an explicit rounding mode -------------===//
//
// __nv_fadd_rn ... __nv_fma_rz: one IEEE operation, correctly rounded in the
// named mode by the host FPU switched to that mode for the call.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

namespace gevo::cpu::libdevice {
namespace {

struct Add {
  template <typename T> static T apply(T A, T B) { return A + B; }
};
struct Sub {
  template <typename T> static T apply(T A, T B) { return A - B; }
};
struct Mul {
  template <typename T> static T apply(T A, T B) { return A * B; }
};
struct Div {
  template <typename T> static T apply(T A, T B) { return A / B; }
};
struct Rcp {
  template <typename T> static T apply(T A) { return 1 / A; }
};
struct Sqrt {
  template <typename T> static T apply(T A) { return std::sqrt(A); }
};

template <int Mode, typename Op, typename T> T unary(T A) {
  RoundingScope Scope(Mode);
  return opaque(Op::apply(opaque(A)));
}

template <int Mode, typename Op, typename T> T binary(T A, T B) {
  RoundingScope Scope(Mode);
  return opaque(Op::apply(opaque(A), opaque(B)));
}

template <int Mode, typename T> T fused(T A, T B, T C) {
  RoundingScope Scope(Mode);
  return opaque(std::fma(opaque(A), opaque(B), opaque(C)));
}

/// 1/sqrt(A) rounded once from double (see Libdevice.h).
float frsqrtRn(float A) {
  return static_cast<float>(1 / std::sqrt(static_cast<double>(A)));
}

#define MODES GEVO_LIBDEVICE_MODES
const RuntimeSymbol Symbols[] = {
    MODES("fadd", binary, Add, float),  MODES("fsub", binary, Sub, float),
    MODES("fmul", binary, Mul, float),  MODES("fdiv", binary, Div, float),
    MODES("frcp", unary, Rcp, float),   MODES("fsqrt", unary, Sqrt, float),
    MODES("fmaf", fused, float),        MODES("fmaf_ieee", fused, float),
    MODES("dadd", binary, Add, double), MODES("dsub", binary, Sub, double),
    MODES("dmul", binary, Mul, double), MODES("ddiv", binary, Div, double),
    MODES("drcp", unary, Rcp, double),  MODES("dsqrt", unary, Sqrt, double),
    MODES("fma", fused, double),        {"__nv_frsqrt_rn", address(&frsqrtRn)},
};
#undef MODES

} // namespace

llvm::ArrayRef<RuntimeSymbol> roundingSymbols() { return Symbols; }

} // namespace gevo::cpu::libdevice
