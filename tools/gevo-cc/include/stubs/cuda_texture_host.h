//===- cuda_texture_host.h - The runtime API's texture objects -*- C++ -*-===//
//
// Declarations only (see cuda_runtime_api.h): what host code that makes
// texture and surface objects names, with CUDA's field names and
// enumerator values, so that `cudaResourceDesc res = {}; res.resType = ...;
// cudaCreateTextureObject(&t, &res, &td, nullptr);` parses. The handles
// themselves (cudaTextureObject_t) and the device side are
// gevo_cuda/texture.h's; a test spec binds textures to buffers.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_STUB_CUDA_TEXTURE_HOST_H
#define GEVO_STUB_CUDA_TEXTURE_HOST_H

enum cudaChannelFormatKind {
  cudaChannelFormatKindSigned = 0,
  cudaChannelFormatKindUnsigned = 1,
  cudaChannelFormatKindFloat = 2,
  cudaChannelFormatKindNone = 3
};
struct cudaChannelFormatDesc {
  int x, y, z, w;
  enum cudaChannelFormatKind f;
};
typedef struct cudaArray *cudaArray_t;
typedef const struct cudaArray *cudaArray_const_t;
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;
struct cudaExtent {
  size_t width, height, depth;
};

enum cudaResourceType {
  cudaResourceTypeArray = 0,
  cudaResourceTypeMipmappedArray = 1,
  cudaResourceTypeLinear = 2,
  cudaResourceTypePitch2D = 3
};
struct cudaResourceDesc {
  enum cudaResourceType resType;
  union {
    struct {
      cudaArray_t array;
    } array;
    struct {
      cudaMipmappedArray_t mipmap;
    } mipmap;
    struct {
      void *devPtr;
      struct cudaChannelFormatDesc desc;
      size_t sizeInBytes;
    } linear;
    struct {
      void *devPtr;
      struct cudaChannelFormatDesc desc;
      size_t width, height, pitchInBytes;
    } pitch2D;
  } res;
};

// The address, filter and read modes are gevo_cuda/texture.h's.
struct cudaTextureDesc {
  enum cudaTextureAddressMode addressMode[3];
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
  int disableTrilinearOptimization, seamlessCubemap;
};
struct cudaResourceViewDesc;

struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                   enum cudaChannelFormatKind f);
cudaError_t cudaCreateTextureObject(unsigned long long *texObject,
                                    const struct cudaResourceDesc *resDesc,
                                    const struct cudaTextureDesc *texDesc,
                                    const struct cudaResourceViewDesc *view);
cudaError_t cudaDestroyTextureObject(unsigned long long texObject);
cudaError_t cudaCreateSurfaceObject(unsigned long long *surfObject,
                                    const struct cudaResourceDesc *resDesc);
cudaError_t cudaDestroySurfaceObject(unsigned long long surfObject);
cudaError_t cudaMallocArray(cudaArray_t *array,
                            const struct cudaChannelFormatDesc *desc,
                            size_t width, size_t height = 0,
                            unsigned int flags = 0);
cudaError_t cudaMalloc3DArray(cudaArray_t *array,
                              const struct cudaChannelFormatDesc *desc,
                              struct cudaExtent extent, unsigned int flags = 0);
cudaError_t cudaFreeArray(cudaArray_t array);
cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset,
                                size_t hOffset, const void *src, size_t spitch,
                                size_t width, size_t height,
                                enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset,
                              const void *src, size_t count,
                              enum cudaMemcpyKind kind);
struct cudaExtent make_cudaExtent(size_t w, size_t h, size_t d);

/// cudaCreateChannelDesc<T>(): the format of T's components.
template <class __T> struct __GevoChannel {
  static constexpr int Bits = int(sizeof(__T) * 8);
  static constexpr enum cudaChannelFormatKind Kind =
      __T(-1) < __T(0) ? cudaChannelFormatKindSigned
                       : cudaChannelFormatKindUnsigned;
};
template <> struct __GevoChannel<float> {
  static constexpr int Bits = 32;
  static constexpr enum cudaChannelFormatKind Kind = cudaChannelFormatKindFloat;
};
template <class __T> struct cudaChannelFormatDesc cudaCreateChannelDesc() {
  return cudaCreateChannelDesc(__GevoChannel<__T>::Bits, 0, 0, 0,
                               __GevoChannel<__T>::Kind);
}

#endif
