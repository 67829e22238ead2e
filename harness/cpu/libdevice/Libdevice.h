//===- Libdevice.h - Host versions of libdevice's __nv_* functions --------===//
//
// Kernels compiled for NVPTX call libdevice (__nv_expf, __nv_popc, ...) and
// keep those calls as declarations; the CPU JIT binds each to the host
// function this table gives for its name. Every function has exactly
// libdevice's C signature.
//
// Where the host differs from a GPU:
//  - Transcendental functions (and every __nv_fast_* one) use the host libm,
//    so their last-ulp results differ from libdevice's; none is worse than
//    glibc's documented error. sqrt, division, fma, the rounding-mode
//    arithmetic and the conversions are exact (IEEE correctly rounded).
//  - __nv_frsqrt_rn rounds 1/sqrt computed in double, so it is correctly
//    rounded except on the rare inputs where double rounding bites.
//  - Denormal flushing (ftz) is not modelled: denormals are kept.
//  - __nv_rcp64h returns the full-precision reciprocal; __nv_fast_fdividef
//    is plain division (no 0 for 2^126 < |y| < 2^128).
//  - Checked on an H100 (8192 inputs each, denormals, NaNs and infinities
//    among them): every rounding-mode, conversion, integer and SIMD function
//    matches bit for bit, and so do the libm twins but for ulps in lgamma,
//    tgamma, erfcx, pow(i), sinpi/cospi and the Bessel functions j*, y*
//    (whose absolute error near their zeros differs the most).
//  - Float-to-integer conversions saturate, and map NaN as an H100's cvt
//    does: float to 32-bit gives 0, anything else the top bit alone.
//
//===----------------------------------------------------------------------===//

#ifndef GEVO_HARNESS_CPU_LIBDEVICE_LIBDEVICE_H
#define GEVO_HARNESS_CPU_LIBDEVICE_LIBDEVICE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace gevo::cpu {

struct RuntimeSymbol {
  const char *Name;
  void *Address;
};

/// Host implementations of libdevice's __nv_* functions, by libdevice name,
/// sorted by name. Each has exactly libdevice's C signature.
llvm::ArrayRef<RuntimeSymbol> libdeviceSymbols();

/// The address for a libdevice name, or nullptr.
void *findLibdeviceSymbol(llvm::StringRef Name);

} // namespace gevo::cpu

#endif
