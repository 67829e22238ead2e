//===- cuda_runtime_api.h - gevo's stand-in for the runtime API -*- C++ -*-===//
//
// Declarations only, so that the host code of a real CUDA file parses when
// gevo-cc compiles it device-only: host functions are never code-generated
// there, so nothing here is ever defined or called.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_STUB_CUDA_RUNTIME_API_H
#define GEVO_STUB_CUDA_RUNTIME_API_H

#include <stddef.h>

#include "../gevo_cuda/version.h"

// dim3 comes from gevo_cuda.h, which gevo-cc force-includes.

enum cudaError {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3,
  cudaErrorLaunchFailure = 4,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidDevice = 101,
  cudaErrorNoDevice = 100,
  cudaErrorNotReady = 600,
  cudaErrorUnknown = 999
};
typedef enum cudaError cudaError_t;

enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};

enum cudaFuncCache {
  cudaFuncCachePreferNone = 0,
  cudaFuncCachePreferShared = 1,
  cudaFuncCachePreferL1 = 2,
  cudaFuncCachePreferEqual = 3
};

typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;

#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaHostAllocDefault 0x00
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01

struct cudaDeviceProp {
  char name[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;
  size_t totalConstMem;
  int major;
  int minor;
  size_t textureAlignment;
  int deviceOverlap;
  int multiProcessorCount;
  int kernelExecTimeoutEnabled;
  int integrated;
  int canMapHostMemory;
  int computeMode;
  int concurrentKernels;
  int ECCEnabled;
  int pciBusID;
  int pciDeviceID;
  int asyncEngineCount;
  int unifiedAddressing;
  int memoryClockRate;
  int memoryBusWidth;
  int l2CacheSize;
  int maxThreadsPerMultiProcessor;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  int managedMemory;
  size_t sharedMemPerBlockOptin;
};

extern "C" {
cudaError_t cudaMalloc(void **__dev_ptr, size_t __size);
cudaError_t cudaMallocHost(void **__ptr, size_t __size);
cudaError_t cudaHostAlloc(void **__ptr, size_t __size, unsigned int __flags);
cudaError_t cudaMallocManaged(void **__dev_ptr, size_t __size,
                              unsigned int __flags = 1);
cudaError_t cudaFree(void *__dev_ptr);
cudaError_t cudaFreeHost(void *__ptr);
cudaError_t cudaMemcpy(void *__dst, const void *__src, size_t __count,
                       enum cudaMemcpyKind __kind);
cudaError_t cudaMemcpyAsync(void *__dst, const void *__src, size_t __count,
                            enum cudaMemcpyKind __kind,
                            cudaStream_t __stream = 0);
cudaError_t cudaMemcpy2D(void *__dst, size_t __d_pitch, const void *__src,
                         size_t __s_pitch, size_t __width, size_t __height,
                         enum cudaMemcpyKind __kind);
cudaError_t
cudaMemcpyToSymbol(const void *__symbol, const void *__src, size_t __count,
                   size_t __offset = 0,
                   enum cudaMemcpyKind __kind = cudaMemcpyHostToDevice);
cudaError_t
cudaMemcpyFromSymbol(void *__dst, const void *__symbol, size_t __count,
                     size_t __offset = 0,
                     enum cudaMemcpyKind __kind = cudaMemcpyDeviceToHost);
cudaError_t cudaMemset(void *__dev_ptr, int __value, size_t __count);
cudaError_t cudaMemsetAsync(void *__dev_ptr, int __value, size_t __count,
                            cudaStream_t __stream = 0);
cudaError_t cudaMemGetInfo(size_t *__free, size_t *__total);

cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaThreadSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaThreadExit(void);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t __error);
const char *cudaGetErrorName(cudaError_t __error);
cudaError_t cudaSetDevice(int __device);
cudaError_t cudaGetDevice(int *__device);
cudaError_t cudaGetDeviceCount(int *__count);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *__prop,
                                    int __device);
cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache __config);
cudaError_t cudaFuncSetCacheConfig(const void *__func,
                                   enum cudaFuncCache __config);

cudaError_t cudaStreamCreate(cudaStream_t *__stream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *__stream,
                                      unsigned int __flags);
cudaError_t cudaStreamSynchronize(cudaStream_t __stream);
cudaError_t cudaStreamDestroy(cudaStream_t __stream);

cudaError_t cudaEventCreate(cudaEvent_t *__event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *__event,
                                     unsigned int __flags);
cudaError_t cudaEventRecord(cudaEvent_t __event, cudaStream_t __stream = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t __event);
cudaError_t cudaEventQuery(cudaEvent_t __event);
cudaError_t cudaEventElapsedTime(float *__ms, cudaEvent_t __start,
                                 cudaEvent_t __end);
cudaError_t cudaEventDestroy(cudaEvent_t __event);

cudaError_t cudaLaunchKernel(const void *__func, dim3 __grid_dim,
                             dim3 __block_dim, void **__args,
                             size_t __shared_mem, cudaStream_t __stream);

// What clang's <<<grid, block, shmem, stream>>> needs: cudaConfigureCall
// before CUDA 9.2, __cudaPushCallConfiguration after (clang picks by the
// CUDA version it detects, so both are declared).
cudaError_t cudaConfigureCall(dim3 __grid_dim, dim3 __block_dim,
                              size_t __shared_mem = 0,
                              cudaStream_t __stream = 0);
unsigned __cudaPushCallConfiguration(dim3 __grid_dim, dim3 __block_dim,
                                     size_t __shared_mem = 0,
                                     void *__stream = 0);
cudaError_t __cudaPopCallConfiguration(dim3 *__grid_dim, dim3 *__block_dim,
                                       size_t *__shared_mem, void *__stream);
}

#include "cuda_texture_host.h"

#endif // GEVO_STUB_CUDA_RUNTIME_API_H
