//===- gevo_cuda/texture.h - Texture and surface objects -------*- C++ -*-===//
//
// cudaTextureObject_t and cudaSurfaceObject_t (64-bit handles a kernel
// receives as arguments) with CUDA's device functions on them, as inline
// PTX: tex1Dfetch, tex1D, tex2D, tex3D, tex1DLod, tex2DLod, tex3DLod and
// tex2Dgather (each also in its pointer form, tex2D(&v, t, x, y)) for
// float, (unsigned) char, short and int and their 1-, 2- and 4-vectors;
// and the surface functions of surface.h. What a fetch returns (floats or
// integers) is the object's format and read mode, as on a GPU; T only
// says how to take the four 32-bit words.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_CUDA_TEXTURE_H
#define GEVO_CUDA_TEXTURE_H

typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
enum cudaSurfaceBoundaryMode {
  cudaBoundaryModeZero = 0,
  cudaBoundaryModeClamp = 1,
  cudaBoundaryModeTrap = 2
};
enum cudaTextureAddressMode {
  cudaAddressModeWrap = 0,
  cudaAddressModeClamp = 1,
  cudaAddressModeMirror = 2,
  cudaAddressModeBorder = 3
};
enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };
enum cudaTextureReadMode {
  cudaReadModeElementType = 0,
  cudaReadModeNormalizedFloat = 1
};

// A fetch's four words, and T made of them: __gevo_texel<T>::kind (0 float,
// 1 signed, 2 unsigned: the PTX destination type) and make().
struct __gevo_tex_words {
  unsigned x, y, z, w;
};
template <class T> struct __gevo_texel;
#define __GEVO_TEXEL(T, K, ...)                                                \
  template <> struct __gevo_texel<T> {                                         \
    static constexpr int kind = K;                                             \
    __GEVO_DEV T make(__gevo_tex_words __v) { return __VA_ARGS__; }            \
  };
#define __GEVO_TEXELS(T, V, K)                                                 \
  __GEVO_TEXEL(T, K, (T)(K ? (T)__v.x : (T)__builtin_bit_cast(float, __v.x)))  \
  __GEVO_TEXEL(V##1, K, {__gevo_texel<T>::make(__v)})                          \
  __GEVO_TEXEL(V##2, K,                                                        \
               {__gevo_texel<T>::make(__v), __gevo_texel<T>::make({__v.y})})   \
  __GEVO_TEXEL(V##4, K,                                                        \
               {__gevo_texel<T>::make(__v), __gevo_texel<T>::make({__v.y}),    \
                __gevo_texel<T>::make({__v.z}), __gevo_texel<T>::make({__v.w})})
__GEVO_TEXELS(float, float, 0)
__GEVO_TEXELS(signed char, char, 1)
__GEVO_TEXELS(short, short, 1)
__GEVO_TEXELS(int, int, 1)
__GEVO_TEXELS(unsigned char, uchar, 2)
__GEVO_TEXELS(unsigned short, ushort, 2)
__GEVO_TEXELS(unsigned int, uint, 2)
__GEVO_TEXEL(char, 1, (char)__v.x)
#undef __GEVO_TEXELS
#undef __GEVO_TEXEL

// __gevo_tex_NAME<K>(t, coordinates...): the words of one tex or tld4
// instruction, OP its opcode up to the destination type, CT the coordinate
// type, COORDS the operands after the handle.
#define __GEVO_TEX_FN(NAME, OP, CT, COORDS, PARAMS, ...)                       \
  template <int __K>                                                           \
  __GEVO_DEV __gevo_tex_words NAME(cudaTextureObject_t __t, PARAMS) {          \
    __gevo_tex_words __r;                                                      \
    float __f[4];                                                              \
    if (__K == 0) {                                                            \
      asm(OP ".f32." CT " {%0, %1, %2, %3}, [%4, " COORDS ";"                  \
          : "=f"(__f[0]), "=f"(__f[1]), "=f"(__f[2]), "=f"(__f[3])             \
          : "l"(__t), __VA_ARGS__);                                            \
      __r = {__builtin_bit_cast(unsigned, __f[0]),                             \
             __builtin_bit_cast(unsigned, __f[1]),                             \
             __builtin_bit_cast(unsigned, __f[2]),                             \
             __builtin_bit_cast(unsigned, __f[3])};                            \
    } else if (__K == 1) {                                                     \
      asm(OP ".s32." CT " {%0, %1, %2, %3}, [%4, " COORDS ";"                  \
          : "=r"(__r.x), "=r"(__r.y), "=r"(__r.z), "=r"(__r.w)                 \
          : "l"(__t), __VA_ARGS__);                                            \
    } else {                                                                   \
      asm(OP ".u32." CT " {%0, %1, %2, %3}, [%4, " COORDS ";"                  \
          : "=r"(__r.x), "=r"(__r.y), "=r"(__r.z), "=r"(__r.w)                 \
          : "l"(__t), __VA_ARGS__);                                            \
    }                                                                          \
    return __r;                                                                \
  }
#define __GEVO_P(...) __VA_ARGS__
__GEVO_TEX_FN(__gevo_tex_fetch, "tex.1d.v4", "s32", "{%5}]", int __x, "r"(__x))
__GEVO_TEX_FN(__gevo_tex_1d, "tex.1d.v4", "f32", "{%5}]", float __x, "f"(__x))
__GEVO_TEX_FN(__gevo_tex_2d, "tex.2d.v4", "f32", "{%5, %6}]",
              __GEVO_P(float __x, float __y), "f"(__x), "f"(__y))
__GEVO_TEX_FN(__gevo_tex_3d, "tex.3d.v4", "f32", "{%5, %6, %7, %7}]",
              __GEVO_P(float __x, float __y, float __z), "f"(__x), "f"(__y),
              "f"(__z))
__GEVO_TEX_FN(__gevo_tex_1d_lod, "tex.level.1d.v4", "f32", "{%5}], %6",
              __GEVO_P(float __x, float __l), "f"(__x), "f"(__l))
__GEVO_TEX_FN(__gevo_tex_2d_lod, "tex.level.2d.v4", "f32", "{%5, %6}], %7",
              __GEVO_P(float __x, float __y, float __l), "f"(__x), "f"(__y),
              "f"(__l))
__GEVO_TEX_FN(__gevo_tex_3d_lod, "tex.level.3d.v4", "f32",
              "{%5, %6, %7, %7}], %8",
              __GEVO_P(float __x, float __y, float __z, float __l), "f"(__x),
              "f"(__y), "f"(__z), "f"(__l))
__GEVO_TEX_FN(__gevo_tld4_r, "tld4.r.2d.v4", "f32", "{%5, %6}]",
              __GEVO_P(float __x, float __y), "f"(__x), "f"(__y))
__GEVO_TEX_FN(__gevo_tld4_g, "tld4.g.2d.v4", "f32", "{%5, %6}]",
              __GEVO_P(float __x, float __y), "f"(__x), "f"(__y))
__GEVO_TEX_FN(__gevo_tld4_b, "tld4.b.2d.v4", "f32", "{%5, %6}]",
              __GEVO_P(float __x, float __y), "f"(__x), "f"(__y))
__GEVO_TEX_FN(__gevo_tld4_a, "tld4.a.2d.v4", "f32", "{%5, %6}]",
              __GEVO_P(float __x, float __y), "f"(__x), "f"(__y))
#undef __GEVO_TEX_FN

// The public functions: T f<T>(t, args...) and void f(T *, t, args...).
#define __GEVO_TEX_API(NAME, IMPL, PARAMS, ARGS)                               \
  template <class T> __GEVO_DEV T NAME(cudaTextureObject_t __t, PARAMS) {      \
    return __gevo_texel<T>::make(IMPL<__gevo_texel<T>::kind>(__t, ARGS));     \
  }                                                                            \
  template <class T>                                                           \
  __GEVO_DEV void NAME(T *__ptr, cudaTextureObject_t __t, PARAMS) {            \
    *__ptr = NAME<T>(__t, ARGS);                                               \
  }
__GEVO_TEX_API(tex1Dfetch, __gevo_tex_fetch, int __x, __x)
__GEVO_TEX_API(tex1D, __gevo_tex_1d, float __x, __x)
__GEVO_TEX_API(tex2D, __gevo_tex_2d, __GEVO_P(float __x, float __y),
               __GEVO_P(__x, __y))
__GEVO_TEX_API(tex3D, __gevo_tex_3d, __GEVO_P(float __x, float __y, float __z),
               __GEVO_P(__x, __y, __z))
__GEVO_TEX_API(tex1DLod, __gevo_tex_1d_lod, __GEVO_P(float __x, float __l),
               __GEVO_P(__x, __l))
__GEVO_TEX_API(tex2DLod, __gevo_tex_2d_lod,
               __GEVO_P(float __x, float __y, float __l),
               __GEVO_P(__x, __y, __l))
__GEVO_TEX_API(tex3DLod, __gevo_tex_3d_lod,
               __GEVO_P(float __x, float __y, float __z, float __l),
               __GEVO_P(__x, __y, __z, __l))
#undef __GEVO_TEX_API
#undef __GEVO_P

/// The four texels of the bilinear footprint at (x, y), channel comp of
/// each: (i, j+1), (i+1, j+1), (i+1, j), (i, j).
template <class T>
__GEVO_DEV T tex2Dgather(cudaTextureObject_t __t, float __x, float __y,
                         int __comp = 0) {
  constexpr int K = __gevo_texel<T>::kind;
  __gevo_tex_words __r = __comp == 0   ? __gevo_tld4_r<K>(__t, __x, __y)
                         : __comp == 1 ? __gevo_tld4_g<K>(__t, __x, __y)
                         : __comp == 2 ? __gevo_tld4_b<K>(__t, __x, __y)
                                       : __gevo_tld4_a<K>(__t, __x, __y);
  return __gevo_texel<T>::make(__r);
}
template <class T>
__GEVO_DEV void tex2Dgather(T *__ptr, cudaTextureObject_t __t, float __x,
                            float __y, int __comp = 0) {
  *__ptr = tex2Dgather<T>(__t, __x, __y, __comp);
}

#include "surface.h"

#endif
