//===- gevo_cuda/half_format.h - One 16-bit format's API -----*- C++ -*-===//
//
// Included once per format by stubs/cuda_fp16.h and stubs/cuda_bf16.h,
// after they define the format's macros (__GEVO_T, __GEVO_T2, __GEVO_RAW,
// __GEVO_RAW2, __GEVO_OTHER, __GEVO_MAN, __GEVO_BIAS, __GEVO_TOF, __GEVO_N,
// __GEVO_SPLAT, and optionally __GEVO_NO_CONVERSIONS, __GEVO_NO_OPERATORS
// and __GEVO_NO_PAIR_OPERATORS; see half_type.h and half_names.h): the types, the
// conversions named per format, the shared operations and the math,
// shuffles, atomics and __ldg, then undefines those macros. No include
// guard, on purpose.
//
//===----------------------------------------------------------------------===//

#include "half_convert.h"

#define __GEVO_H_HD static __host__ __device__ __forceinline__
// The order matters.
// clang-format off
#include "half_type.h"
#include "half_names.h"
#include "half_ops.h"
#include "half_math.h"
// clang-format on
#undef __GEVO_H_HD

#undef __GEVO_T
#undef __GEVO_T2
#undef __GEVO_RAW
#undef __GEVO_RAW2
#undef __GEVO_OTHER
#undef __GEVO_MAN
#undef __GEVO_BIAS
#undef __GEVO_TOF
#undef __GEVO_N
#undef __GEVO_SPLAT
#undef __GEVO_NO_CONVERSIONS
#undef __GEVO_NO_OPERATORS
#undef __GEVO_NO_PAIR_OPERATORS
