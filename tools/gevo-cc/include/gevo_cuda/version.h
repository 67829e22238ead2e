//===- gevo_cuda/version.h - The CUDA API level modelled ----*- C++ -*-===//
//
// gevo's headers describe the CUDA 12.0 runtime API. clang's wrappers need
// CUDA_VERSION >= 9000; user code tests these macros to pick APIs (for
// example the *_sync warp intrinsics).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_CUDA_VERSION_H
#define GEVO_CUDA_VERSION_H

#define CUDA_VERSION 12000
#define CUDART_VERSION 12000
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 0

#endif // GEVO_CUDA_VERSION_H
