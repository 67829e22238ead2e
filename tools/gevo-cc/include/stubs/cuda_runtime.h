//===- cuda_runtime.h - gevo's stand-in for the CUDA runtime -*- C++ -*-===//
//
// The runtime API plus its C++ conveniences (typed pointers, symbols and
// kernels passed as themselves). Declarations only; see cuda_runtime_api.h.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_STUB_CUDA_RUNTIME_H
#define GEVO_STUB_CUDA_RUNTIME_H

#include "cuda_runtime_api.h"

template <class __T> cudaError_t cudaMalloc(__T **__dev_ptr, size_t __size);
template <class __T> cudaError_t cudaMallocHost(__T **__ptr, size_t __size);
template <class __T>
cudaError_t cudaHostAlloc(__T **__ptr, size_t __size, unsigned int __flags);
template <class __T>
cudaError_t cudaMallocManaged(__T **__dev_ptr, size_t __size,
                              unsigned int __flags = 1);
template <class __T>
cudaError_t
cudaMemcpyToSymbol(const __T &__symbol, const void *__src, size_t __count,
                   size_t __offset = 0,
                   enum cudaMemcpyKind __kind = cudaMemcpyHostToDevice);
template <class __T>
cudaError_t
cudaMemcpyFromSymbol(void *__dst, const __T &__symbol, size_t __count,
                     size_t __offset = 0,
                     enum cudaMemcpyKind __kind = cudaMemcpyDeviceToHost);
template <class __T>
cudaError_t cudaFuncSetCacheConfig(__T *__func, enum cudaFuncCache __config);
template <class __T>
cudaError_t cudaLaunchKernel(__T *__func, dim3 __grid_dim, dim3 __block_dim,
                             void **__args, size_t __shared_mem = 0,
                             cudaStream_t __stream = 0);

#endif // GEVO_STUB_CUDA_RUNTIME_H
