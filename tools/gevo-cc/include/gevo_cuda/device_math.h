//===- gevo_cuda/device_math.h - Math functions on libdevice -*- C++ -*-===//
//
// The C and C++ math functions, CUDA's intrinsic functions (__expf, __popc,
// __saturatef, ...) and min/max, all mapping onto libdevice's __nv_*
// functions through clang's own wrappers; also the rest of clang's device
// functions (__syncthreads_count, __threadfence, the __*Atomic* helpers).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_CUDA_DEVICE_MATH_H
#define GEVO_CUDA_DEVICE_MATH_H

#include <climits> // INT_MAX in clang's scalbln

#include <__clang_cuda_libdevice_declares.h>

// clang's __trap is inline asm, opaque to gevo's CPU target; llvm.trap is
// understood everywhere and still lowers to PTX's trap. (The SIMD __v*
// functions and __brkpt stay inline asm.)
#pragma push_macro("__trap")
#define __trap __clang_cuda_asm_trap
#include <__clang_cuda_device_functions.h>
#pragma pop_macro("__trap")
__GEVO_DEV void __trap() { __builtin_trap(); }

// clang maps sqrtf to __nv_sqrtf. libdevice's __nv_sqrtf asks
// __nvvm_reflect("__CUDA_PREC_SQRT"), which LLVM 19's NVVMReflect answers
// with 0, so it would become sqrt.approx.f32. nvcc's sqrtf is IEEE
// round-to-nearest by default: route it to __nv_fsqrt_rn (sqrt.rn.f32).
#pragma push_macro("__nv_sqrtf")
#define __nv_sqrtf __nv_fsqrt_rn
#include <__clang_cuda_math.h>
#pragma pop_macro("__nv_sqrtf")

#include <__clang_cuda_cmath.h>

// The float overloads of C++11's <cmath> that clang's headers only
// forward-declare (static, so a call would reach no definition): with a
// CUDA toolkit the host's <cmath> defines them; here, each is its C99
// float function.
#define __GEVO_F1(R, F)                                                        \
  __GEVO_DEV R F(float __x) { return ::F##f(__x); }
#define __GEVO_F2(F)                                                           \
  __GEVO_DEV float F(float __x, float __y) { return ::F##f(__x, __y); }
__GEVO_F1(float, round)
__GEVO_F1(float, trunc)
__GEVO_F1(float, exp2)
__GEVO_F1(float, expm1)
__GEVO_F1(float, log2)
__GEVO_F1(float, log1p)
__GEVO_F1(float, asinh)
__GEVO_F1(float, acosh)
__GEVO_F1(float, atanh)
__GEVO_F1(float, cbrt)
__GEVO_F1(float, erf)
__GEVO_F1(float, erfc)
__GEVO_F1(float, lgamma)
__GEVO_F1(float, tgamma)
__GEVO_F1(float, rint)
__GEVO_F1(float, nearbyint)
__GEVO_F1(float, logb)
__GEVO_F1(long, lround)
__GEVO_F1(long long, llround)
__GEVO_F1(long, lrint)
__GEVO_F1(long long, llrint)
__GEVO_F1(int, ilogb)
__GEVO_F2(remainder)
__GEVO_F2(hypot)
__GEVO_F2(fmin)
__GEVO_F2(fmax)
__GEVO_F2(fdim)
__GEVO_F2(copysign)
__GEVO_F2(nextafter)
#undef __GEVO_F1
#undef __GEVO_F2
__GEVO_DEV float fma(float __x, float __y, float __z) {
  return ::fmaf(__x, __y, __z);
}
__GEVO_DEV float remquo(float __x, float __y, int *__q) {
  return ::remquof(__x, __y, __q);
}
__GEVO_DEV float scalbn(float __x, int __n) { return ::scalbnf(__x, __n); }
__GEVO_DEV float scalbln(float __x, long __n) { return ::scalblnf(__x, __n); }

// min/max beyond clang's int versions, with CUDA's result types for mixed
// signedness and precision.
#define __GEVO_MIN_MAX(R, A, B, Min, Max)                                      \
  __GEVO_DEV R min(A __a, B __b) { return Min((R)__a, (R)__b); }               \
  __GEVO_DEV R max(A __a, B __b) { return Max((R)__a, (R)__b); }
__GEVO_MIN_MAX(unsigned int, unsigned int, unsigned int, umin, umax)
__GEVO_MIN_MAX(unsigned int, int, unsigned int, umin, umax)
__GEVO_MIN_MAX(unsigned int, unsigned int, int, umin, umax)
__GEVO_MIN_MAX(long, long, long, llmin, llmax)
__GEVO_MIN_MAX(unsigned long, unsigned long, unsigned long, ullmin, ullmax)
__GEVO_MIN_MAX(long long, long long, long long, llmin, llmax)
__GEVO_MIN_MAX(unsigned long long, unsigned long long, unsigned long long,
               ullmin, ullmax)
__GEVO_MIN_MAX(unsigned long long, long long, unsigned long long, ullmin,
               ullmax)
__GEVO_MIN_MAX(unsigned long long, unsigned long long, long long, ullmin,
               ullmax)
__GEVO_MIN_MAX(float, float, float, fminf, fmaxf)
__GEVO_MIN_MAX(double, double, double, fmin, fmax)
__GEVO_MIN_MAX(double, float, double, fmin, fmax)
__GEVO_MIN_MAX(double, double, float, fmin, fmax)
#undef __GEVO_MIN_MAX

#endif // GEVO_CUDA_DEVICE_MATH_H
