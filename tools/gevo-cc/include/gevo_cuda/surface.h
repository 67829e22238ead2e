//===- gevo_cuda/surface.h - Surface object reads and writes --*- C++ -*-===//
//
// surf1Dread, surf2Dread, surf3Dread and surf1Dwrite, surf2Dwrite,
// surf3Dwrite on a cudaSurfaceObject_t, for any type of 1, 2, 4, 8 or 16
// bytes, as inline PTX suld.b / sust.b (x in bytes, as in CUDA) with the
// boundary mode of the call: trap (a fault outside the surface), clamp
// (the nearest element) or zero (reads 0, drops the write). Shared by
// gevo's header and NVIDIA's (include/nvidia/gevo_nvidia.h: clang 19 does
// not implement CUDA's surface functions); cudaSurfaceObject_t and
// cudaSurfaceBoundaryMode come from the header including this one.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_CUDA_SURFACE_H
#define GEVO_CUDA_SURFACE_H

#define __GEVO_SURF static __device__ __inline__ __attribute__((always_inline))

// The coordinate vector of each geometry; unused coordinates are operands
// the asm ignores.
#define __GEVO_SURF_1d "{%[x]}"
#define __GEVO_SURF_2d "{%[x], %[y]}"
#define __GEVO_SURF_3d "{%[x], %[y], %[z], %[z]}"
#define __GEVO_SURF_COORDS                                                     \
  [s] "l"(__s), [x] "r"(__x), [y] "r"(__y), [z] "r"(__z)

// One access of N bytes in boundary mode MODE (a string) and GEOM.
#define __GEVO_SURF_ACCESS(GEOM, MODE, N, TYPE, DATA, OUTS, INS)              \
  if (__read)                                                                  \
    asm volatile("suld.b." #GEOM TYPE "." MODE " " DATA                        \
                 ", [%[s], " __GEVO_SURF_##GEOM "];"                           \
                 : OUTS                                                        \
                 : __GEVO_SURF_COORDS                                          \
                 : "memory");                                                  \
  else                                                                         \
    asm volatile("sust.b." #GEOM TYPE "." MODE " [%[s], " __GEVO_SURF_##GEOM  \
                 "], " DATA ";"                                                \
                 :                                                             \
                 : __GEVO_SURF_COORDS, INS                                     \
                 : "memory");

#define __GEVO_SURF_SIZES(GEOM, MODE)                                          \
  switch (__n) {                                                               \
  case 1:                                                                      \
    __GEVO_SURF_ACCESS(GEOM, MODE, 1, ".b8", "{%[a]}", [a] "=h"(__h),          \
                       [a] "h"(__h))                                           \
    break;                                                                     \
  case 2:                                                                      \
    __GEVO_SURF_ACCESS(GEOM, MODE, 2, ".b16", "{%[a]}", [a] "=h"(__h),         \
                       [a] "h"(__h))                                           \
    break;                                                                     \
  case 4:                                                                      \
    __GEVO_SURF_ACCESS(GEOM, MODE, 4, ".b32", "{%[a]}", [a] "=r"(__w[0]),      \
                       [a] "r"(__w[0]))                                        \
    break;                                                                     \
  case 8:                                                                      \
    __GEVO_SURF_ACCESS(GEOM, MODE, 8, ".v2.b32", "{%[a], %[b]}",              \
                       __GEVO_SURF_OUT2, __GEVO_SURF_IN2)                      \
    break;                                                                     \
  default:                                                                     \
    __GEVO_SURF_ACCESS(GEOM, MODE, 16, ".v4.b32",                              \
                       "{%[a], %[b], %[c], %[d]}", __GEVO_SURF_OUT4,           \
                       __GEVO_SURF_IN4)                                        \
  }
#define __GEVO_SURF_OUT2 [a] "=r"(__w[0]), [b] "=r"(__w[1])
#define __GEVO_SURF_IN2 [a] "r"(__w[0]), [b] "r"(__w[1])
#define __GEVO_SURF_OUT4                                                       \
  [a] "=r"(__w[0]), [b] "=r"(__w[1]), [c] "=r"(__w[2]), [d] "=r"(__w[3])
#define __GEVO_SURF_IN4                                                        \
  [a] "r"(__w[0]), [b] "r"(__w[1]), [c] "r"(__w[2]), [d] "r"(__w[3])

// __gevo_surf_GEOM(read?, bytes, data, surface, x, y, z, mode).
#define __GEVO_SURF_GEOM(GEOM)                                                 \
  __GEVO_SURF void __gevo_surf_##GEOM(bool __read, int __n, void *__p,         \
                                      cudaSurfaceObject_t __s, int __x,        \
                                      int __y, int __z,                        \
                                      cudaSurfaceBoundaryMode __mode) {        \
    unsigned __w[4] = {0, 0, 0, 0};                                            \
    unsigned short __h = 0;                                                    \
    if (!__read) {                                                             \
      __builtin_memcpy(__w, __p, __n);                                         \
      __builtin_memcpy(&__h, __p, __n < 2 ? __n : 2);                          \
    }                                                                          \
    if (__mode == cudaBoundaryModeZero) {                                      \
      __GEVO_SURF_SIZES(GEOM, "zero")                                          \
    } else if (__mode == cudaBoundaryModeClamp) {                              \
      __GEVO_SURF_SIZES(GEOM, "clamp")                                         \
    } else {                                                                   \
      __GEVO_SURF_SIZES(GEOM, "trap")                                          \
    }                                                                          \
    if (__read) {                                                              \
      if (__n <= 2)                                                            \
        __builtin_memcpy(__p, &__h, __n);                                      \
      else                                                                     \
        __builtin_memcpy(__p, __w, __n);                                       \
    }                                                                          \
  }
__GEVO_SURF_GEOM(1d)
__GEVO_SURF_GEOM(2d)
__GEVO_SURF_GEOM(3d)

template <class T> struct __gevo_surf_size {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 ||
                    sizeof(T) == 8 || sizeof(T) == 16,
                "surface elements are 1, 2, 4, 8 or 16 bytes");
  static constexpr int value = sizeof(T);
};

template <class T>
__GEVO_SURF void
surf1Dread(T *__ptr, cudaSurfaceObject_t __s, int __x,
           cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap) {
  __gevo_surf_1d(true, __gevo_surf_size<T>::value, __ptr, __s, __x, 0, 0, __m);
}
template <class T>
__GEVO_SURF T surf1Dread(cudaSurfaceObject_t __s, int __x,
                         cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap) {
  T __r;
  surf1Dread(&__r, __s, __x, __m);
  return __r;
}
template <class T>
__GEVO_SURF void
surf2Dread(T *__ptr, cudaSurfaceObject_t __s, int __x, int __y,
           cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap) {
  __gevo_surf_2d(true, __gevo_surf_size<T>::value, __ptr, __s, __x, __y, 0,
                 __m);
}
template <class T>
__GEVO_SURF T surf2Dread(cudaSurfaceObject_t __s, int __x, int __y,
                         cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap) {
  T __r;
  surf2Dread(&__r, __s, __x, __y, __m);
  return __r;
}
template <class T>
__GEVO_SURF void
surf3Dread(T *__ptr, cudaSurfaceObject_t __s, int __x, int __y, int __z,
           cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap) {
  __gevo_surf_3d(true, __gevo_surf_size<T>::value, __ptr, __s, __x, __y, __z,
                 __m);
}
template <class T>
__GEVO_SURF T surf3Dread(cudaSurfaceObject_t __s, int __x, int __y, int __z,
                         cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap) {
  T __r;
  surf3Dread(&__r, __s, __x, __y, __z, __m);
  return __r;
}
template <class T>
__GEVO_SURF void surf1Dwrite(T __v, cudaSurfaceObject_t __s, int __x,
                             cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap) {
  __gevo_surf_1d(false, __gevo_surf_size<T>::value, &__v, __s, __x, 0, 0, __m);
}
template <class T>
__GEVO_SURF void surf2Dwrite(T __v, cudaSurfaceObject_t __s, int __x, int __y,
                             cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap) {
  __gevo_surf_2d(false, __gevo_surf_size<T>::value, &__v, __s, __x, __y, 0,
                 __m);
}
template <class T>
__GEVO_SURF void surf3Dwrite(T __v, cudaSurfaceObject_t __s, int __x, int __y,
                             int __z,
                             cudaSurfaceBoundaryMode __m = cudaBoundaryModeTrap) {
  __gevo_surf_3d(false, __gevo_surf_size<T>::value, &__v, __s, __x, __y, __z,
                 __m);
}

#undef __GEVO_SURF_GEOM
#undef __GEVO_SURF_SIZES
#undef __GEVO_SURF_ACCESS
#undef __GEVO_SURF_COORDS
#undef __GEVO_SURF_OUT2
#undef __GEVO_SURF_IN2
#undef __GEVO_SURF_OUT4
#undef __GEVO_SURF_IN4
#undef __GEVO_SURF_1d
#undef __GEVO_SURF_2d
#undef __GEVO_SURF_3d
#undef __GEVO_SURF

#endif
