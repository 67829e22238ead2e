//===- mma.h - gevo's nvcuda::wmma, without a CUDA toolkit -------*- C++ -*-===//
//
// Warp matrix functions as CUDA's programming guide documents them, for the
// shapes and types kernels use most: m16n16k16 with half inputs and float or
// half accumulators, and m16n16k8 with tf32 inputs (float storage) and float
// accumulators. fragment<Use, M, N, K, T[, Layout]> holds `x[num_elements]`
// of T (float for tf32); load_matrix_sync, store_matrix_sync, fill_fragment
// and mma_sync call clang's __hmma_* and __mma_tf32_* builtins, so the IR is
// the llvm.nvvm.wmma.* intrinsics NVIDIA's header gives. __float_to_tf32 is
// cvt.rna.tf32.f32. `half` is gevo's cuda_fp16.h's, which this includes;
// bf16 fragments need NVIDIA's headers.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_MMA_H
#define GEVO_MMA_H

#include <cuda_fp16.h>

namespace nvcuda {
namespace wmma {

struct row_major;
struct col_major;
struct matrix_a;
struct matrix_b;
struct accumulator;
enum layout_t { mem_row_major, mem_col_major };
namespace precision {
struct tf32;
}

namespace __gevo {
template <typename T> struct storage { typedef T type; };
template <> struct storage<precision::tf32> { typedef float type; };
template <typename L> struct layout_code;
template <> struct layout_code<row_major> { enum { value = 0 }; };
template <> struct layout_code<col_major> { enum { value = 1 }; };
template <typename T, int N> struct fragment_base {
  typedef T element_type;
  typedef T storage_element_type;
  enum { num_elements = N };
  T x[N];
};
} // namespace __gevo

template <typename Use, int M, int N, int K, typename T, typename L = void>
class fragment;
template <typename L>
class fragment<matrix_a, 16, 16, 16, __half, L>
    : public __gevo::fragment_base<__half, 16> {};
template <typename L>
class fragment<matrix_b, 16, 16, 16, __half, L>
    : public __gevo::fragment_base<__half, 16> {};
template <>
class fragment<accumulator, 16, 16, 16, float>
    : public __gevo::fragment_base<float, 8> {};
template <>
class fragment<accumulator, 16, 16, 16, __half>
    : public __gevo::fragment_base<__half, 8> {};
template <typename L>
class fragment<matrix_a, 16, 16, 8, precision::tf32, L>
    : public __gevo::fragment_base<float, 4> {};
template <typename L>
class fragment<matrix_b, 16, 16, 8, precision::tf32, L>
    : public __gevo::fragment_base<float, 4> {};
template <>
class fragment<accumulator, 16, 16, 8, float>
    : public __gevo::fragment_base<float, 8> {};

template <typename Use, int M, int N, int K, typename T, typename L>
__device__ __forceinline__ void
fill_fragment(fragment<Use, M, N, K, T, L> &f,
              const typename __gevo::storage<T>::type &v) {
  for (int i = 0; i < f.num_elements; ++i)
    f.x[i] = v;
}

__device__ __forceinline__ float __float_to_tf32(float in) {
  float out;
  asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(*(unsigned *)&out) : "f"(in));
  return out;
}

// Loads of A and B (the layout is the fragment's).
#define __GEVO_WMMA_LOAD(Use, K, T, Elem, Builtin)                             \
  template <typename L>                                                        \
  __device__ __forceinline__ void load_matrix_sync(                            \
      fragment<Use, 16, 16, K, T, L> &f, const Elem *p, unsigned ldm) {        \
    Builtin((int *)&f, (const int *)p, ldm, __gevo::layout_code<L>::value);    \
  }
__GEVO_WMMA_LOAD(matrix_a, 16, __half, __half, __hmma_m16n16k16_ld_a)
__GEVO_WMMA_LOAD(matrix_b, 16, __half, __half, __hmma_m16n16k16_ld_b)
__GEVO_WMMA_LOAD(matrix_a, 8, precision::tf32, float, __mma_tf32_m16n16k8_ld_a)
__GEVO_WMMA_LOAD(matrix_b, 8, precision::tf32, float, __mma_tf32_m16n16k8_ld_b)
#undef __GEVO_WMMA_LOAD

// Accumulators: the memory layout is an argument, the builtins' a constant;
// Word is the builtins' pointer type.
#define __GEVO_WMMA_ACCUMULATOR(K, T, Word, Load, Store)                       \
  __device__ __forceinline__ void                                              \
  load_matrix_sync(fragment<accumulator, 16, 16, K, T> &c, const T *p,         \
                   unsigned ldm, layout_t l) {                                 \
    if (l == mem_row_major)                                                    \
      Load((Word *)&c, (const Word *)p, ldm, 0);                               \
    else                                                                       \
      Load((Word *)&c, (const Word *)p, ldm, 1);                               \
  }                                                                            \
  __device__ __forceinline__ void                                              \
  store_matrix_sync(T *p, const fragment<accumulator, 16, 16, K, T> &d,        \
                    unsigned ldm, layout_t l) {                                \
    if (l == mem_row_major)                                                    \
      Store((Word *)p, (const Word *)&d, ldm, 0);                              \
    else                                                                       \
      Store((Word *)p, (const Word *)&d, ldm, 1);                              \
  }
__GEVO_WMMA_ACCUMULATOR(16, float, float, __hmma_m16n16k16_ld_c_f32,
                        __hmma_m16n16k16_st_c_f32)
__GEVO_WMMA_ACCUMULATOR(16, __half, int, __hmma_m16n16k16_ld_c_f16,
                        __hmma_m16n16k16_st_c_f16)
__GEVO_WMMA_ACCUMULATOR(8, float, float, __mma_tf32_m16n16k8_ld_c,
                        __mma_m16n16k8_st_c_f32)
#undef __GEVO_WMMA_ACCUMULATOR

// D = A * B + C. The builtins' layout operand: 2 if A is column-major, plus
// 1 if B is.
#define __GEVO_WMMA_MMA(K, In, T, Word, Builtin)                               \
  template <typename LA, typename LB>                                          \
  __device__ __forceinline__ void                                              \
  mma_sync(fragment<accumulator, 16, 16, K, T> &d,                             \
           const fragment<matrix_a, 16, 16, K, In, LA> &a,                     \
           const fragment<matrix_b, 16, 16, K, In, LB> &b,                     \
           const fragment<accumulator, 16, 16, K, T> &c) {                     \
    Builtin((Word *)&d, (const int *)&a, (const int *)&b, (const Word *)&c,    \
            __gevo::layout_code<LA>::value * 2 +                               \
                __gevo::layout_code<LB>::value,                                \
            0);                                                                \
  }
__GEVO_WMMA_MMA(16, __half, float, float, __hmma_m16n16k16_mma_f32f32)
__GEVO_WMMA_MMA(16, __half, __half, int, __hmma_m16n16k16_mma_f16f16)
__GEVO_WMMA_MMA(8, precision::tf32, float, float, __mma_tf32_m16n16k8_mma_f32)
#undef __GEVO_WMMA_MMA

} // namespace wmma
} // namespace nvcuda

#endif // GEVO_MMA_H
