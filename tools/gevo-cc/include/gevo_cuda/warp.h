//===- gevo_cuda/warp.h - Warp shuffles, votes and __ldg -----*- C++ -*-===//
//
// __shfl_sync, __shfl_up_sync, __shfl_down_sync and __shfl_xor_sync for
// 32- and 64-bit integers, float and double; __all_sync, __any_sync,
// __uni_sync, __ballot_sync, __activemask, __syncwarp; __match_any_sync and
// __match_all_sync, __reduce_*_sync (sm_80), __nanosleep; and __ldg
// (read-only global loads) for the scalar types and the common vector
// types. All map to NVVM builtins, so the IR holds intrinsics, not inline
// asm.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_CUDA_WARP_H
#define GEVO_CUDA_WARP_H

// The shuffle's c operand packs the segment mask ((32 - width) << 8) with
// the lane clamp (31 for idx/down/xor, 0 for up). 64-bit values move as two
// 32-bit halves.
#define __GEVO_SHUFFLE(Name, Kind, Offset, Clamp)                              \
  __GEVO_DEV int Name(unsigned __m, int __v, Offset __o, int __w = warpSize) { \
    return __nvvm_shfl_sync_##Kind##_i32(__m, __v, __o,                        \
                                         ((warpSize - __w) << 8) | Clamp);     \
  }                                                                            \
  __GEVO_DEV float Name(unsigned __m, float __v, Offset __o,                   \
                        int __w = warpSize) {                                  \
    return __nvvm_shfl_sync_##Kind##_f32(__m, __v, __o,                        \
                                         ((warpSize - __w) << 8) | Clamp);     \
  }                                                                            \
  __GEVO_DEV unsigned Name(unsigned __m, unsigned __v, Offset __o,             \
                           int __w = warpSize) {                               \
    return (unsigned)Name(__m, (int)__v, __o, __w);                            \
  }                                                                            \
  __GEVO_DEV long long Name(unsigned __m, long long __v, Offset __o,           \
                            int __w = warpSize) {                              \
    int __lo = Name(__m, (int)__v, __o, __w);                                  \
    int __hi = Name(__m, (int)(__v >> 32), __o, __w);                          \
    return (long long)__hi << 32 | (unsigned)__lo;                             \
  }                                                                            \
  __GEVO_DEV unsigned long long Name(unsigned __m, unsigned long long __v,     \
                                     Offset __o, int __w = warpSize) {         \
    return (unsigned long long)Name(__m, (long long)__v, __o, __w);            \
  }                                                                            \
  __GEVO_DEV long Name(unsigned __m, long __v, Offset __o,                     \
                       int __w = warpSize) {                                   \
    return (long)Name(__m, (long long)__v, __o, __w);                          \
  }                                                                            \
  __GEVO_DEV unsigned long Name(unsigned __m, unsigned long __v, Offset __o,   \
                                int __w = warpSize) {                          \
    return (unsigned long)Name(__m, (long long)__v, __o, __w);                 \
  }                                                                            \
  __GEVO_DEV double Name(unsigned __m, double __v, Offset __o,                 \
                         int __w = warpSize) {                                 \
    long long __bits = __builtin_bit_cast(long long, __v);                     \
    return __builtin_bit_cast(double, Name(__m, __bits, __o, __w));            \
  }
__GEVO_SHUFFLE(__shfl_sync, idx, int, 0x1f)
__GEVO_SHUFFLE(__shfl_up_sync, up, unsigned, 0)
__GEVO_SHUFFLE(__shfl_down_sync, down, unsigned, 0x1f)
__GEVO_SHUFFLE(__shfl_xor_sync, bfly, int, 0x1f)
#undef __GEVO_SHUFFLE

__GEVO_DEV int __all_sync(unsigned __m, int __pred) {
  return __nvvm_vote_all_sync(__m, __pred);
}
__GEVO_DEV int __any_sync(unsigned __m, int __pred) {
  return __nvvm_vote_any_sync(__m, __pred);
}
__GEVO_DEV int __uni_sync(unsigned __m, int __pred) {
  return __nvvm_vote_uni_sync(__m, __pred);
}
__GEVO_DEV unsigned __ballot_sync(unsigned __m, int __pred) {
  return __nvvm_vote_ballot_sync(__m, __pred);
}
__GEVO_DEV unsigned __activemask() { return __nvvm_activemask(); }
__GEVO_DEV void __syncwarp(unsigned __m = 0xffffffff) {
  __nvvm_bar_warp_sync(__m);
}
__GEVO_DEV void __nanosleep(unsigned __ns) { __nvvm_nanosleep(__ns); }

// match.sync compares bits: 32-bit types as one word, 64-bit ones as two.
#define __GEVO_MATCH(T, Bits, As)                                              \
  __GEVO_DEV unsigned __match_any_sync(unsigned __m, T __v) {                  \
    return __nvvm_match_any_sync_i##Bits(__m, __builtin_bit_cast(As, __v));    \
  }                                                                            \
  __GEVO_DEV unsigned __match_all_sync(unsigned __m, T __v, int *__pred) {     \
    return __nvvm_match_all_sync_i##Bits##p(__m, __builtin_bit_cast(As, __v),  \
                                            __pred);                           \
  }
__GEVO_MATCH(unsigned, 32, unsigned)
__GEVO_MATCH(int, 32, unsigned)
__GEVO_MATCH(float, 32, unsigned)
__GEVO_MATCH(unsigned long, 64, unsigned long long)
__GEVO_MATCH(long, 64, unsigned long long)
__GEVO_MATCH(unsigned long long, 64, unsigned long long)
__GEVO_MATCH(long long, 64, unsigned long long)
__GEVO_MATCH(double, 64, unsigned long long)
#undef __GEVO_MATCH

// redux.sync's builtins take (value, mask).
#define __GEVO_REDUCE(Name, T, Op)                                             \
  __GEVO_DEV T __reduce_##Name##_sync(unsigned __m, T __v) {                   \
    return __nvvm_redux_sync_##Op(__v, __m);                                   \
  }
__GEVO_REDUCE(add, unsigned, add)
__GEVO_REDUCE(add, int, add)
__GEVO_REDUCE(min, unsigned, umin)
__GEVO_REDUCE(min, int, min)
__GEVO_REDUCE(max, unsigned, umax)
__GEVO_REDUCE(max, int, max)
__GEVO_REDUCE(and, unsigned, and)
__GEVO_REDUCE(or, unsigned, or)
__GEVO_REDUCE(xor, unsigned, xor)
#undef __GEVO_REDUCE

#define __GEVO_LDG(T, Suffix)                                                  \
  __GEVO_DEV T __ldg(const T *__p) { return __nvvm_ldg_##Suffix(__p); }
__GEVO_LDG(char, c)
__GEVO_LDG(signed char, sc)
__GEVO_LDG(short, s)
__GEVO_LDG(int, i)
__GEVO_LDG(long, l)
__GEVO_LDG(long long, ll)
__GEVO_LDG(unsigned char, uc)
__GEVO_LDG(unsigned short, us)
__GEVO_LDG(unsigned int, ui)
__GEVO_LDG(unsigned long, ul)
__GEVO_LDG(unsigned long long, ull)
__GEVO_LDG(float, f)
__GEVO_LDG(double, d)
#undef __GEVO_LDG

// Vector types load as one NVVM vector load of the same width.
#define __GEVO_LDG_VECTOR(V, T, N, Suffix, ...)                                \
  __GEVO_DEV V __ldg(const V *__p) {                                           \
    typedef T __E __attribute__((ext_vector_type(N)));                         \
    __E __r = __nvvm_ldg_##Suffix((const __E *)__p);                           \
    return {__VA_ARGS__};                                                      \
  }
#define __GEVO_LDG_VECTOR2(Name, T, S)                                         \
  __GEVO_LDG_VECTOR(Name##2, T, 2, S##2, __r[0], __r[1])
#define __GEVO_LDG_VECTOR4(Name, T, S)                                         \
  __GEVO_LDG_VECTOR(Name##4, T, 4, S##4, __r[0], __r[1], __r[2], __r[3])
__GEVO_LDG_VECTOR2(int, int, i)
__GEVO_LDG_VECTOR4(int, int, i)
__GEVO_LDG_VECTOR2(uint, unsigned int, ui)
__GEVO_LDG_VECTOR4(uint, unsigned int, ui)
__GEVO_LDG_VECTOR2(float, float, f)
__GEVO_LDG_VECTOR4(float, float, f)
__GEVO_LDG_VECTOR2(double, double, d)
#undef __GEVO_LDG_VECTOR2
#undef __GEVO_LDG_VECTOR4
#undef __GEVO_LDG_VECTOR

#endif // GEVO_CUDA_WARP_H
