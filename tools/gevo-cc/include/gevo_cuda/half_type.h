//===- gevo_cuda/half_type.h - A 16-bit float type and its pair -*- C++ -*-===//
//
// Included by gevo_cuda/half_format.h once per format, with these macros:
// __GEVO_T (the scalar type: __half, __nv_bfloat16), __GEVO_T2 (its pair),
// __GEVO_RAW and __GEVO_RAW2 (their raw bit structs), __GEVO_OTHER (the
// other format, for the explicit conversion between the two), __GEVO_MAN
// and __GEVO_BIAS (fraction bits and exponent bias), __GEVO_TOF (bits to
// float). It defines the four types with CUDA's size and alignment and the
// conversions CUDA makes implicit: from float, double and every integer
// type (round to nearest even), to float and bool, to the integer types
// (toward zero, saturating), to and from the raw structs; all but the raw
// ones left out under __GEVO_NO_CONVERSIONS. The operators and
// the functions are in gevo_cuda/half_ops.h; NaN from a conversion is the
// canonical 0x7fff.
//
//===----------------------------------------------------------------------===//

#define __GEVO_H_MEM __host__ __device__ __forceinline__

struct __align__(2) __GEVO_RAW {
  unsigned short x;
};
struct __align__(4) __GEVO_RAW2 {
  unsigned short x, y;
};

struct __GEVO_OTHER;

struct __align__(2) __GEVO_T {
protected:
  unsigned short __x;

  static __GEVO_H_MEM unsigned short __round(float __f) {
    return __gevo_float_to_bits16(__f, __gevo_rn, __GEVO_MAN, __GEVO_BIAS);
  }

public:
  __GEVO_T() = default;
  __host__ __device__ constexpr __GEVO_T(const __GEVO_RAW &__r) : __x(__r.x) {}
  __GEVO_H_MEM __GEVO_T &operator=(const __GEVO_RAW &__r) {
    __x = __r.x;
    return *this;
  }
  __GEVO_H_MEM operator __GEVO_RAW() const {
    __GEVO_RAW __r;
    __r.x = __x;
    return __r;
  }
#ifndef __GEVO_NO_CONVERSIONS // __CUDA_NO_HALF_CONVERSIONS__ and the bf16 one
  explicit __host__ __device__ __GEVO_T(const __GEVO_OTHER __o);

  __GEVO_H_MEM __GEVO_T(float __f) : __x(__round(__f)) {}
  __GEVO_H_MEM __GEVO_T(double __d)
      : __x(__round(__gevo_double_to_float_odd(__d))) {}
  __GEVO_H_MEM __GEVO_T(long long __v)
      : __x(__round(__gevo_ll_to_float_odd(__v))) {}
  __GEVO_H_MEM __GEVO_T(unsigned long long __v)
      : __x(__round(__gevo_u64_to_float_odd(__v, false))) {}
  __GEVO_H_MEM __GEVO_T(short __v) : __GEVO_T((long long)__v) {}
  __GEVO_H_MEM __GEVO_T(int __v) : __GEVO_T((long long)__v) {}
  __GEVO_H_MEM __GEVO_T(long __v) : __GEVO_T((long long)__v) {}
  __GEVO_H_MEM __GEVO_T(unsigned short __v)
      : __GEVO_T((unsigned long long)__v) {}
  __GEVO_H_MEM __GEVO_T(unsigned __v) : __GEVO_T((unsigned long long)__v) {}
  __GEVO_H_MEM __GEVO_T(unsigned long __v)
      : __GEVO_T((unsigned long long)__v) {}

  __GEVO_H_MEM operator float() const { return __GEVO_TOF(__x); }
  __host__ __device__ constexpr operator bool() const {
    return (__x & 0x7fffu) != 0;
  }
#define __GEVO_TO_INT(I)                                                       \
  __GEVO_H_MEM operator I() const {                                            \
    return __gevo_float_to_int<I>(__GEVO_TOF(__x), __gevo_rz);                 \
  }
  __GEVO_TO_INT(signed char)
  __GEVO_TO_INT(unsigned char)
  __GEVO_TO_INT(char)
  __GEVO_TO_INT(short)
  __GEVO_TO_INT(unsigned short)
  __GEVO_TO_INT(int)
  __GEVO_TO_INT(unsigned)
  __GEVO_TO_INT(long)
  __GEVO_TO_INT(unsigned long)
  __GEVO_TO_INT(long long)
  __GEVO_TO_INT(unsigned long long)
#undef __GEVO_TO_INT
#endif // __GEVO_NO_CONVERSIONS
};

struct __align__(4) __GEVO_T2 {
  __GEVO_T x, y;

  __GEVO_T2() = default;
  __host__ __device__ constexpr __GEVO_T2(const __GEVO_T &__a,
                                          const __GEVO_T &__b)
      : x(__a), y(__b) {}
  __GEVO_H_MEM __GEVO_T2(const __GEVO_RAW2 &__r)
      : x(__GEVO_RAW{__r.x}), y(__GEVO_RAW{__r.y}) {}
  __GEVO_H_MEM __GEVO_T2 &operator=(const __GEVO_RAW2 &__r) {
    return *this = __GEVO_T2(__r);
  }
  __GEVO_H_MEM operator __GEVO_RAW2() const {
    __GEVO_RAW2 __r;
    __r.x = static_cast<__GEVO_RAW>(x).x;
    __r.y = static_cast<__GEVO_RAW>(y).x;
    return __r;
  }
};

#undef __GEVO_H_MEM
