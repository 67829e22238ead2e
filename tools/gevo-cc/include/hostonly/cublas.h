//===- cublas.h - gevo's stand-in for cuBLAS's legacy API -*- C++ -*-===//
//
// Host-only stand-in (see cublas_api.h): the legacy API's common functions
// (no handle; transposes as 'N'/'T' characters).
//
//===----------------------------------------------------------------------===//
#ifndef CUBLAS_H_
#define CUBLAS_H_

#if defined(CUBLAS_V2_H_)
#error "It is an error to include both cublas.h and cublas_v2.h"
#endif

#include "cublas_api.h"

#ifdef __cplusplus
extern "C" {
#endif
cublasStatus_t cublasInit(void);
cublasStatus_t cublasShutdown(void);
cublasStatus_t cublasGetError(void);
cublasStatus_t cublasAlloc(int n, int elemSize, void **devicePtr);
cublasStatus_t cublasFree(void *devicePtr);
#define __GEVO_CUBLAS_LEGACY(P, T)                                             \
  void cublas##P##axpy(int n, T alpha, const T *x, int incx, T *y, int incy);  \
  void cublas##P##scal(int n, T alpha, T *x, int incx);                        \
  T cublas##P##dot(int n, const T *x, int incx, const T *y, int incy);         \
  T cublas##P##nrm2(int n, const T *x, int incx);                              \
  void cublas##P##gemv(char trans, int m, int n, T alpha, const T *A, int lda, \
                       const T *x, int incx, T beta, T *y, int incy);          \
  void cublas##P##gemm(char transa, char transb, int m, int n, int k, T alpha, \
                       const T *A, int lda, const T *B, int ldb, T beta, T *C, \
                       int ldc);
__GEVO_CUBLAS_LEGACY(S, float)
__GEVO_CUBLAS_LEGACY(D, double)
#undef __GEVO_CUBLAS_LEGACY
#ifdef __cplusplus
}
#endif

#endif
