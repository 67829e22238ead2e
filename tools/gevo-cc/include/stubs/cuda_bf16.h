//===- cuda_bf16.h - gevo's bfloat16 type, without a toolkit -*- C++ -*-===//
//
// CUDA's cuda_bf16.h on gevo's header: __nv_bfloat16, __nv_bfloat162,
// nv_bfloat16, nv_bfloat162, __nv_bfloat16_raw, __nv_bfloat162_raw with the
// same API as cuda_fp16.h's half (which it includes, as CUDA's does), the
// explicit conversions between the two formats, and the CUDART_*_BF16
// constants. The code is shared with cuda_fp16.h (gevo_cuda/half_*.h).
// Not here: what cuda_fp16.h lacks too, and the bf16 WMMA fragments
// (stubs/mma.h has half and tf32 only).
//
//===----------------------------------------------------------------------===//
#ifndef __CUDA_BF16_H__
#define __CUDA_BF16_H__
#define __CUDA_BF16_TYPES_EXIST__

#include <cuda_fp16.h>

#define __GEVO_T __nv_bfloat16
#define __GEVO_T2 __nv_bfloat162
#define __GEVO_RAW __nv_bfloat16_raw
#define __GEVO_RAW2 __nv_bfloat162_raw
#define __GEVO_OTHER __half
#define __GEVO_MAN 7
#define __GEVO_BIAS 127
#define __GEVO_TOF __gevo_bf16_bits_to_float
#define __GEVO_N(P, S) P##bfloat16##S
#define __GEVO_SPLAT __bfloat162bfloat162
#ifdef __CUDA_NO_BFLOAT16_CONVERSIONS__
#define __GEVO_NO_CONVERSIONS
#endif
#ifdef __CUDA_NO_BFLOAT16_OPERATORS__
#define __GEVO_NO_OPERATORS
#endif
#ifdef __CUDA_NO_BFLOAT162_OPERATORS__
#define __GEVO_NO_PAIR_OPERATORS
#endif
#include "../gevo_cuda/half_format.h"

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

// Between the formats: through float (exact), rounded to nearest even.
#ifndef __CUDA_NO_HALF_CONVERSIONS__
inline __host__ __device__ __half::__half(const __nv_bfloat16 __b)
    : __half(__bfloat162float(__b)) {}
#endif
#ifndef __CUDA_NO_BFLOAT16_CONVERSIONS__
inline __host__ __device__ __nv_bfloat16::__nv_bfloat16(const __half __h)
    : __nv_bfloat16(__half2float(__h)) {}
#endif

#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7f80u)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7fffu)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001u)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7f7fu)
#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000u)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000u)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3f80u)

#endif // __CUDA_BF16_H__
