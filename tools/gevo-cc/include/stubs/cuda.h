//===- cuda.h - gevo's stand-in for the CUDA driver API ------*- C++ -*-===//
//
// CUDA_VERSION and a parse-only subset of the driver __a_p_i, for CUDA files
// that include <cuda.h>; see cuda_runtime_api.h.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_STUB_CUDA_H
#define GEVO_STUB_CUDA_H

#include <stddef.h>

#include "../gevo_cuda/version.h"

typedef enum cudaError_enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_DEVICE = 101,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_UNKNOWN = 999
} CUresult;

typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;

extern "C" {
CUresult cuInit(unsigned int __flags);
CUresult cuDriverGetVersion(int *__version);
CUresult cuDeviceGet(CUdevice *__device, int __ordinal);
CUresult cuDeviceGetCount(int *__count);
CUresult cuDeviceGetName(char *__name, int __len, CUdevice __device);
CUresult cuCtxCreate(CUcontext *__ctx, unsigned int __flags, CUdevice __device);
CUresult cuCtxDestroy(CUcontext __ctx);
CUresult cuCtxSynchronize(void);
CUresult cuModuleLoad(CUmodule *__module, const char *__path);
CUresult cuModuleLoadData(CUmodule *__module, const void *__image);
CUresult cuModuleGetFunction(CUfunction *__func, CUmodule __module,
                             const char *__name);
CUresult cuMemAlloc(CUdeviceptr *__dev_ptr, size_t __size);
CUresult cuMemFree(CUdeviceptr __dev_ptr);
CUresult cuMemcpyHtoD(CUdeviceptr __dst, const void *__src, size_t __count);
CUresult cuMemcpyDtoH(void *__dst, CUdeviceptr __src, size_t __count);
CUresult cuLaunchKernel(CUfunction __func, unsigned int __grid_x,
                        unsigned int __grid_y, unsigned int __grid_z,
                        unsigned int __block_x, unsigned int __block_y,
                        unsigned int __block_z, unsigned int __shared_mem,
                        CUstream __stream, void **__args, void **__extra);
CUresult cuGetErrorString(CUresult __error, const char **__str);
}

#endif // GEVO_STUB_CUDA_H
