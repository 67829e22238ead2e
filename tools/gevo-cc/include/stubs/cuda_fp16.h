//===- cuda_fp16.h - gevo's half type, without a toolkit ----*- C++ -*-===//
//
// CUDA's cuda_fp16.h on gevo's header: __half, __half2, half, half2,
// __half_raw, __half2_raw (CUDA's sizes, alignments and implicit
// conversions), the conversions in every rounding mode, arithmetic,
// comparisons, math functions, shuffles, atomicAdd and __ldg on them, and
// the CUDART_*_FP16 constants; the code is shared with cuda_bf16.h
// (gevo_cuda/half_*.h, each included once per format). Results are
// bit-exact where CUDA documents a correctly rounded result. Not here:
// the _approx math forms, the __ldcg/__stcs family on halves, float2
// packing helpers beyond CUDA's named ones, and host-only uses (gevo-cc
// compiles device code; host code only has to parse).
//
//===----------------------------------------------------------------------===//
#ifndef __CUDA_FP16_H__
#define __CUDA_FP16_H__
#define __CUDA_FP16_TYPES_EXIST__

#define __GEVO_T __half
#define __GEVO_T2 __half2
#define __GEVO_RAW __half_raw
#define __GEVO_RAW2 __half2_raw
#define __GEVO_OTHER __nv_bfloat16
#define __GEVO_MAN 10
#define __GEVO_BIAS 15
#define __GEVO_TOF __gevo_half_bits_to_float
#define __GEVO_N(P, S) P##half##S
#define __GEVO_SPLAT __half2half2
#ifdef __CUDA_NO_HALF_CONVERSIONS__
#define __GEVO_NO_CONVERSIONS
#endif
#ifdef __CUDA_NO_HALF_OPERATORS__
#define __GEVO_NO_OPERATORS
#endif
#ifdef __CUDA_NO_HALF2_OPERATORS__
#define __GEVO_NO_PAIR_OPERATORS
#endif
#include "../gevo_cuda/half_format.h"

typedef __half half;
typedef __half2 half2;

#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7c00u)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7fffu)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001u)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7bffu)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000u)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000u)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3c00u)

#endif // __CUDA_FP16_H__
