//===- gevo_cuda.h - gevo's CUDA device header ---------------*- C++ -*-===//
//
// gevo-cc force-includes this file (-include) into every compile, the way nvcc
// implicitly includes cuda_runtime.h. With it, clang 19 compiles unmodified
// CUDA files device-only under -nocudainc, without any NVIDIA header: CUDA
// keywords, builtin variables, vector types, libdevice math, atomics, warp
// intrinsics, device printf/malloc/assert, and parse-only declarations of the
// host runtime API (stubs/, which gevo-cc puts on the -isystem path so that
// #include <cuda_runtime.h> and friends find gevo's versions).
//
// Math and most intrinsics are clang's own wrappers from its resource
// directory; they lower to calls of libdevice's __nv_* functions, which stay
// declarations (libdevice is linked only when a kernel is lowered to PTX).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_CUDA_H
#define GEVO_CUDA_H

#if !defined(__CUDA__) || !defined(__clang__)
#error "gevo_cuda.h is for clang's CUDA mode; compile with gevo-cc"
#endif

#include "gevo_cuda/version.h"

// CUDA keywords. __noinline__ is a keyword of clang's CUDA mode already.
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __align__(N) __attribute__((aligned(N)))
#define __builtin_align__(N) __align__(N)
#define __device_builtin__
#define CUDART_CB

// Helpers of the parts below; undefined again at the end.
#define __GEVO_HD static __host__ __device__ __forceinline__
#define __GEVO_DEV static __device__ __forceinline__

// Device overloads of the math functions must be declared before the C++
// library's constexpr ones, or those become implicitly host+device and clash.
// __CUDACC__ keeps libstdc++ away from __float128, which NVPTX lacks.
#include <__clang_cuda_math_forward_declares.h>
#define __CUDACC__
#include <cmath>
#include <cstdlib>
#include <string.h>
// Host headers nvcc's implicit includes bring in, which host code relies on
// without including them (printf, clock, time).
#include <stdio.h>
#include <time.h>

#include <__clang_cuda_builtin_vars.h>
#include "gevo_cuda/vector_types.h"
#include "gevo_cuda/device_math.h"
#include "gevo_cuda/atomics.h"
#include "gevo_cuda/warp.h"
#include "gevo_cuda/texture.h"
#undef __GEVO_HD
#undef __GEVO_DEV

// Device-side system calls (the PTX ABI's vprintf, malloc, free, assert).
extern "C" {
__device__ int printf(const char *__format, ...); // clang turns it into vprintf
__device__ int vprintf(const char *__format, const char *__args);
__device__ void *malloc(size_t __size) __attribute__((nothrow, malloc));
__device__ void free(void *__ptr) __attribute__((nothrow));
__device__ void __assertfail(const char *__message, const char *__file,
                             unsigned __line, const char *__function,
                             size_t __char_size);
__device__ static inline void __assert_fail(const char *__message,
                                            const char *__file, unsigned __line,
                                            const char *__function) {
  __assertfail(__message, __file, __line, __function, sizeof(char));
}
}

// What nvcc makes visible without any #include: the runtime API.
#include <cuda_runtime.h>

#endif // GEVO_CUDA_H
