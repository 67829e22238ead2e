//===- gevo_cuda/vector_types.h - dim3 and CUDA's vector types -*- C++ -*-===//
//
// char1..4 up to double1..4 with CUDA's layout (2- and 4-element types are
// aligned to their size, at most 16 bytes), their make_* constructors, dim3,
// and the conversions of threadIdx/blockIdx/blockDim/gridDim to dim3/uint3
// that clang's builtin-variable header declares.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_CUDA_VECTOR_TYPES_H
#define GEVO_CUDA_VECTOR_TYPES_H

#define __GEVO_VECTOR_ALIGN(T, N)                                              \
  __align__((N) * sizeof(T) < 16 ? (N) * sizeof(T) : 16)

#define __GEVO_VECTOR_TYPES(T, Name)                                           \
  struct Name##1 {                                                             \
    T x;                                                                       \
  };                                                                           \
  struct __GEVO_VECTOR_ALIGN(T, 2) Name##2 {                                   \
    T x, y;                                                                    \
  };                                                                           \
  struct Name##3 {                                                             \
    T x, y, z;                                                                 \
  };                                                                           \
  struct __GEVO_VECTOR_ALIGN(T, 4) Name##4 {                                   \
    T x, y, z, w;                                                              \
  };                                                                           \
  __GEVO_HD Name##1 make_##Name##1(T __x) { return {__x}; }                    \
  __GEVO_HD Name##2 make_##Name##2(T __x, T __y) { return {__x, __y}; }        \
  __GEVO_HD Name##3 make_##Name##3(T __x, T __y, T __z) {                      \
    return {__x, __y, __z};                                                    \
  }                                                                            \
  __GEVO_HD Name##4 make_##Name##4(T __x, T __y, T __z, T __w) {               \
    return {__x, __y, __z, __w};                                               \
  }

__GEVO_VECTOR_TYPES(signed char, char)
__GEVO_VECTOR_TYPES(unsigned char, uchar)
__GEVO_VECTOR_TYPES(short, short)
__GEVO_VECTOR_TYPES(unsigned short, ushort)
__GEVO_VECTOR_TYPES(int, int)
__GEVO_VECTOR_TYPES(unsigned int, uint)
__GEVO_VECTOR_TYPES(long, long)
__GEVO_VECTOR_TYPES(unsigned long, ulong)
__GEVO_VECTOR_TYPES(long long, longlong)
__GEVO_VECTOR_TYPES(unsigned long long, ulonglong)
__GEVO_VECTOR_TYPES(float, float)
__GEVO_VECTOR_TYPES(double, double)

#undef __GEVO_VECTOR_TYPES
#undef __GEVO_VECTOR_ALIGN

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int __x = 1, unsigned int __y = 1,
                                     unsigned int __z = 1)
      : x(__x), y(__y), z(__z) {}
  __host__ __device__ constexpr dim3(uint3 __v)
      : x(__v.x), y(__v.y), z(__v.z) {}
  __host__ __device__ constexpr operator uint3() const { return {x, y, z}; }
};

#define __GEVO_BUILTIN_CONVERSIONS(Var)                                        \
  __device__ inline __cuda_builtin_##Var##_t::operator dim3() const {          \
    return dim3(x, y, z);                                                      \
  }                                                                            \
  __device__ inline __cuda_builtin_##Var##_t::operator uint3() const {         \
    return {x, y, z};                                                          \
  }
__GEVO_BUILTIN_CONVERSIONS(threadIdx)
__GEVO_BUILTIN_CONVERSIONS(blockIdx)
__GEVO_BUILTIN_CONVERSIONS(blockDim)
__GEVO_BUILTIN_CONVERSIONS(gridDim)
#undef __GEVO_BUILTIN_CONVERSIONS

#endif // GEVO_CUDA_VECTOR_TYPES_H
