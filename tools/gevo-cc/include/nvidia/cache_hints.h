// gevo-cc with NVIDIA's headers: the load and store functions with cache
// hints, __ldcg __ldca __ldcs __ldlu __ldcv and __stwb __stcg __stcs
// __stwt, on the built-in scalar and vector types.
//
// Gap: CUDA declares them in sm_32_intrinsics.h, which clang 19's CUDA
// wrapper deliberately does not include (it defines __ldg itself, from
// builtins, and nothing else of that header), so kernels streaming data
// with them (e.g. __ldcs on an int4 holding eight bf16 values) fail with
// "no matching function". cuda_fp16.h and cuda_bf16.h bring their own
// __half/__nv_bfloat16 versions; these cover the rest. Each is the one PTX
// instruction the programming guide names (ld.global.cs etc., PTX ISA
// "Cache Operators"), as inline PTX like NVIDIA's, so the PTX lowering and
// ptxas see the hint and the cpu target runs it as a checked access
// (harness/cpu/PtxMemory.cpp). Loads clobber "memory" so that they are not
// moved across stores; __ldcv ("fetch again") and the stores are volatile.
// The include guards keep a later #include <sm_32_intrinsics.h> from
// redefining clang's __ldg.
#pragma once
#define __SM_32_INTRINSICS_H__
#define __SM_32_INTRINSICS_HPP__

#pragma push_macro("__GEVO_LD1")
#pragma push_macro("__GEVO_LD2")
#pragma push_macro("__GEVO_LD4")
#pragma push_macro("__GEVO_ST1")
#pragma push_macro("__GEVO_ST2")
#pragma push_macro("__GEVO_ST4")
#pragma push_macro("__GEVO_LOADS")
#pragma push_macro("__GEVO_STORES")
#pragma push_macro("__GEVO_HINT_TYPES")

// One function F on type T (PTX type PT, register constraint C, register
// type R; Q the cache operator, V `volatile` or nothing).
#define __GEVO_LD1(F, Q, V, T, PT, C, R)                                       \
  static __device__ __inline__ T F(const T *__p) {                             \
    R __x;                                                                     \
    asm V("ld.global." Q "." PT " %0, [%1];" : "=" C(__x) : "l"(__p)           \
          : "memory");                                                         \
    return (T)__x;                                                             \
  }
#define __GEVO_LD2(F, Q, V, T, PT, C, R)                                       \
  static __device__ __inline__ T F(const T *__p) {                             \
    R __x, __y;                                                                \
    asm V("ld.global." Q ".v2." PT " {%0, %1}, [%2];"                          \
          : "=" C(__x), "=" C(__y) : "l"(__p) : "memory");                     \
    T __r;                                                                     \
    __r.x = __x;                                                               \
    __r.y = __y;                                                               \
    return __r;                                                                \
  }
#define __GEVO_LD4(F, Q, V, T, PT, C, R)                                       \
  static __device__ __inline__ T F(const T *__p) {                             \
    R __x, __y, __z, __w;                                                      \
    asm V("ld.global." Q ".v4." PT " {%0, %1, %2, %3}, [%4];"                  \
          : "=" C(__x), "=" C(__y), "=" C(__z), "=" C(__w) : "l"(__p)          \
          : "memory");                                                         \
    T __r;                                                                     \
    __r.x = __x;                                                               \
    __r.y = __y;                                                               \
    __r.z = __z;                                                               \
    __r.w = __w;                                                               \
    return __r;                                                                \
  }
#define __GEVO_ST1(F, Q, V, T, PT, C, R)                                       \
  static __device__ __inline__ void F(T *__p, T __v) {                         \
    asm volatile("st.global." Q "." PT " [%0], %1;" ::"l"(__p), C((R)__v)      \
                 : "memory");                                                  \
  }
#define __GEVO_ST2(F, Q, V, T, PT, C, R)                                       \
  static __device__ __inline__ void F(T *__p, T __v) {                         \
    asm volatile("st.global." Q ".v2." PT " [%0], {%1, %2};" ::"l"(__p),       \
                 C((R)__v.x), C((R)__v.y)                                      \
                 : "memory");                                                  \
  }
#define __GEVO_ST4(F, Q, V, T, PT, C, R)                                       \
  static __device__ __inline__ void F(T *__p, T __v) {                         \
    asm volatile("st.global." Q ".v4." PT " [%0], {%1, %2, %3, %4};" ::"l"(    \
                     __p),                                                     \
                 C((R)__v.x), C((R)__v.y), C((R)__v.z), C((R)__v.w)            \
                 : "memory");                                                  \
  }

// The types of sm_32_intrinsics.h, each with its PTX type and register.
// Bytes travel in 32-bit registers, as PTX allows for .s8/.u8.
#define __GEVO_HINT_TYPES(X1, X2, X4, F, Q, V)                                 \
  X1(F, Q, V, char, "s8", "r", int)                                            \
  X1(F, Q, V, signed char, "s8", "r", int)                                     \
  X1(F, Q, V, unsigned char, "u8", "r", unsigned)                              \
  X1(F, Q, V, short, "s16", "h", short)                                        \
  X1(F, Q, V, unsigned short, "u16", "h", unsigned short)                      \
  X1(F, Q, V, int, "s32", "r", int)                                            \
  X1(F, Q, V, unsigned int, "u32", "r", unsigned)                              \
  X1(F, Q, V, long, "s64", "l", long)                                          \
  X1(F, Q, V, unsigned long, "u64", "l", unsigned long)                        \
  X1(F, Q, V, long long, "s64", "l", long long)                                \
  X1(F, Q, V, unsigned long long, "u64", "l", unsigned long long)              \
  X1(F, Q, V, float, "f32", "f", float)                                        \
  X1(F, Q, V, double, "f64", "d", double)                                      \
  X2(F, Q, V, char2, "s8", "r", int)                                           \
  X4(F, Q, V, char4, "s8", "r", int)                                           \
  X2(F, Q, V, uchar2, "u8", "r", unsigned)                                     \
  X4(F, Q, V, uchar4, "u8", "r", unsigned)                                     \
  X2(F, Q, V, short2, "s16", "h", short)                                       \
  X4(F, Q, V, short4, "s16", "h", short)                                       \
  X2(F, Q, V, ushort2, "u16", "h", unsigned short)                             \
  X4(F, Q, V, ushort4, "u16", "h", unsigned short)                             \
  X2(F, Q, V, int2, "s32", "r", int)                                           \
  X4(F, Q, V, int4, "s32", "r", int)                                           \
  X2(F, Q, V, uint2, "u32", "r", unsigned)                                     \
  X4(F, Q, V, uint4, "u32", "r", unsigned)                                     \
  X2(F, Q, V, longlong2, "s64", "l", long long)                                \
  X2(F, Q, V, ulonglong2, "u64", "l", unsigned long long)                      \
  X2(F, Q, V, float2, "f32", "f", float)                                       \
  X4(F, Q, V, float4, "f32", "f", float)                                       \
  X2(F, Q, V, double2, "f64", "d", double)

#define __GEVO_LOADS(F, Q, V)                                                  \
  __GEVO_HINT_TYPES(__GEVO_LD1, __GEVO_LD2, __GEVO_LD4, F, Q, V)
#define __GEVO_STORES(F, Q)                                                    \
  __GEVO_HINT_TYPES(__GEVO_ST1, __GEVO_ST2, __GEVO_ST4, F, Q, )

__GEVO_LOADS(__ldcg, "cg", )
__GEVO_LOADS(__ldca, "ca", )
__GEVO_LOADS(__ldcs, "cs", )
__GEVO_LOADS(__ldlu, "lu", )
__GEVO_LOADS(__ldcv, "cv", volatile)
__GEVO_STORES(__stwb, "wb")
__GEVO_STORES(__stcg, "cg")
__GEVO_STORES(__stcs, "cs")
__GEVO_STORES(__stwt, "wt")

#pragma pop_macro("__GEVO_HINT_TYPES")
#pragma pop_macro("__GEVO_STORES")
#pragma pop_macro("__GEVO_LOADS")
#pragma pop_macro("__GEVO_ST4")
#pragma pop_macro("__GEVO_ST2")
#pragma pop_macro("__GEVO_ST1")
#pragma pop_macro("__GEVO_LD4")
#pragma pop_macro("__GEVO_LD2")
#pragma pop_macro("__GEVO_LD1")
