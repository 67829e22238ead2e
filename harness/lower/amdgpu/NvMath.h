/*===- NvMath.h - Shared definitions of the AMDGPU __nv_* library -*- C -*-===*
 *
 * The AMDGPU lowering defines the libdevice functions a kernel calls from
 * these C files, compiled to AMDGCN bitcode at build time (clang -target
 * amdgcn-amd-amdhsa -nogpulib) and linked into each module that needs them.
 * They are freestanding: only clang builtins, which become LLVM intrinsics
 * the AMDGPU backend selects. The unit tests compile them for the host with
 * NV_PREFIX set, to check them against the host libm.
 *
 *===----------------------------------------------------------------------===*/
#ifndef GEVO_NVMATH_H
#define GEVO_NVMATH_H

#ifndef NV_PREFIX
#define NV_PREFIX __nv_
#endif
#define NV_CAT2(A, B) A##B
#define NV_CAT(A, B) NV_CAT2(A, B)
/* The exported name of libdevice function Name. */
#define NV(Name) NV_CAT(NV_PREFIX, Name)

typedef unsigned int u32;
typedef unsigned long long u64;
typedef long long i64;

/* Name(X): the bits of X, a From, read as a To (memcpy, as C allows). */
#define NV_BIT_CAST(Name, To, From)                                            \
  static inline To Name(From X) {                                              \
    To B;                                                                      \
    __builtin_memcpy(&B, &X, sizeof B);                                        \
    return B;                                                                  \
  }
NV_BIT_CAST(bitsOf, u64, double)
NV_BIT_CAST(fromBits, double, u64)
NV_BIT_CAST(bitsOfF, u32, float)
NV_BIT_CAST(fromBitsF, float, u32)

/* A float function computed by its double twin, rounded once. */
#define NV_FLOAT_OF_DOUBLE1(Name)                                              \
  float NV(Name##f)(float X) { return (float)NV(Name)((double)X); }
#define NV_FLOAT_OF_DOUBLE2(Name)                                              \
  float NV(Name##f)(float X, float Y) {                                        \
    return (float)NV(Name)((double)X, (double)Y);                              \
  }

#endif
