//===- cuda_gl_interop.h - gevo's stand-in for CUDA's GL interop -*- C++ -*-===//
//
// Host-only stand-in (include/hostonly/, searched after every real header
// directory: with a CUDA toolkit, its own header wins, on the system's GL
// headers or GL/gl.h here). Registering GL buffers with CUDA is host code;
// these declarations let it parse when gevo-cc compiles the device code.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HOSTONLY_CUDA_GL_INTEROP_H
#define GEVO_HOSTONLY_CUDA_GL_INTEROP_H

#include <GL/gl.h>
#include <cuda_runtime_api.h>

typedef struct cudaGraphicsResource *cudaGraphicsResource_t;
typedef struct cudaArray *cudaArray_t;

enum cudaGraphicsRegisterFlags {
  cudaGraphicsRegisterFlagsNone = 0,
  cudaGraphicsRegisterFlagsReadOnly = 1,
  cudaGraphicsRegisterFlagsWriteDiscard = 2,
  cudaGraphicsRegisterFlagsSurfaceLoadStore = 4,
  cudaGraphicsRegisterFlagsTextureGather = 8
};
enum cudaGraphicsMapFlags {
  cudaGraphicsMapFlagsNone = 0,
  cudaGraphicsMapFlagsReadOnly = 1,
  cudaGraphicsMapFlagsWriteDiscard = 2
};

#ifdef __cplusplus
extern "C" {
#endif
cudaError_t cudaGraphicsGLRegisterBuffer(cudaGraphicsResource_t *resource,
                                         GLuint buffer, unsigned int flags);
cudaError_t cudaGraphicsGLRegisterImage(cudaGraphicsResource_t *resource,
                                        GLuint image, GLenum target,
                                        unsigned int flags);
cudaError_t cudaGraphicsUnregisterResource(cudaGraphicsResource_t resource);
cudaError_t cudaGraphicsMapResources(int count,
                                     cudaGraphicsResource_t *resources,
                                     cudaStream_t stream = 0);
cudaError_t cudaGraphicsUnmapResources(int count,
                                       cudaGraphicsResource_t *resources,
                                       cudaStream_t stream = 0);
cudaError_t cudaGraphicsResourceGetMappedPointer(void **devPtr, size_t *size,
                                                 cudaGraphicsResource_t resource);
cudaError_t cudaGraphicsSubResourceGetMappedArray(
    cudaArray_t *array, cudaGraphicsResource_t resource,
    unsigned int arrayIndex, unsigned int mipLevel);
cudaError_t cudaGraphicsResourceSetMapFlags(cudaGraphicsResource_t resource,
                                            unsigned int flags);
#ifdef __cplusplus
}
#endif

#endif
