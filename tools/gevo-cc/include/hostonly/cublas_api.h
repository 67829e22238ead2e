//===- cublas_api.h - gevo's stand-in for cuBLAS's API -*- C++ -*-===//
//
// Host-only stand-in (include/hostonly/, searched after every real header
// directory: with a CUDA toolkit, its own cuBLAS headers win). gevo-cc
// compiles device code only, and cuBLAS has no device code a kernel calls,
// so a .cu that includes cuBLAS for its host code needs its declarations
// to parse, nothing more: the types and status codes (documented values,
// with CUBLAS_API_H_ defined as the real header does, so helper_cuda.h's
// error strings compile) and the commonly used functions. A call to one
// that is missing here is a compile error with gevo's headers only.
//
//===----------------------------------------------------------------------===//
#ifndef CUBLAS_API_H_
#define CUBLAS_API_H_

#include <cuComplex.h>
#include <cuda_runtime_api.h>
#include <library_types.h>
#include <stdint.h>

typedef enum {
  CUBLAS_STATUS_SUCCESS = 0,
  CUBLAS_STATUS_NOT_INITIALIZED = 1,
  CUBLAS_STATUS_ALLOC_FAILED = 3,
  CUBLAS_STATUS_INVALID_VALUE = 7,
  CUBLAS_STATUS_ARCH_MISMATCH = 8,
  CUBLAS_STATUS_MAPPING_ERROR = 11,
  CUBLAS_STATUS_EXECUTION_FAILED = 13,
  CUBLAS_STATUS_INTERNAL_ERROR = 14,
  CUBLAS_STATUS_NOT_SUPPORTED = 15,
  CUBLAS_STATUS_LICENSE_ERROR = 16
} cublasStatus_t;

typedef enum {
  CUBLAS_OP_N = 0,
  CUBLAS_OP_T = 1,
  CUBLAS_OP_C = 2,
  CUBLAS_OP_HERMITAN = 2,
  CUBLAS_OP_CONJG = 3
} cublasOperation_t;
typedef enum { CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER,
               CUBLAS_FILL_MODE_FULL } cublasFillMode_t;
typedef enum { CUBLAS_DIAG_NON_UNIT, CUBLAS_DIAG_UNIT } cublasDiagType_t;
typedef enum { CUBLAS_SIDE_LEFT, CUBLAS_SIDE_RIGHT } cublasSideMode_t;
typedef enum { CUBLAS_POINTER_MODE_HOST,
               CUBLAS_POINTER_MODE_DEVICE } cublasPointerMode_t;
typedef enum {
  CUBLAS_DEFAULT_MATH = 0,
  CUBLAS_TENSOR_OP_MATH = 1,
  CUBLAS_PEDANTIC_MATH = 2,
  CUBLAS_TF32_TENSOR_OP_MATH = 3
} cublasMath_t;
typedef enum {
  CUBLAS_GEMM_DEFAULT = -1,
  CUBLAS_GEMM_DFALT = -1,
  CUBLAS_GEMM_DEFAULT_TENSOR_OP = 99
} cublasGemmAlgo_t;
typedef enum {
  CUBLAS_COMPUTE_16F = 64,
  CUBLAS_COMPUTE_16F_PEDANTIC = 65,
  CUBLAS_COMPUTE_32F = 68,
  CUBLAS_COMPUTE_32F_PEDANTIC = 69,
  CUBLAS_COMPUTE_32F_FAST_16F = 74,
  CUBLAS_COMPUTE_32F_FAST_16BF = 75,
  CUBLAS_COMPUTE_32F_FAST_TF32 = 77,
  CUBLAS_COMPUTE_64F = 70,
  CUBLAS_COMPUTE_64F_PEDANTIC = 71,
  CUBLAS_COMPUTE_32I = 72,
  CUBLAS_COMPUTE_32I_PEDANTIC = 73
} cublasComputeType_t;

typedef struct cublasContext *cublasHandle_t;

#ifdef __cplusplus
extern "C" {
#endif
cublasStatus_t cublasCreate_v2(cublasHandle_t *handle);
cublasStatus_t cublasDestroy_v2(cublasHandle_t handle);
cublasStatus_t cublasGetVersion_v2(cublasHandle_t handle, int *version);
cublasStatus_t cublasSetStream_v2(cublasHandle_t handle, cudaStream_t stream);
cublasStatus_t cublasGetStream_v2(cublasHandle_t handle, cudaStream_t *stream);
cublasStatus_t cublasSetPointerMode_v2(cublasHandle_t handle,
                                       cublasPointerMode_t mode);
cublasStatus_t cublasSetMathMode(cublasHandle_t handle, cublasMath_t mode);
cublasStatus_t cublasSetWorkspace_v2(cublasHandle_t handle, void *workspace,
                                     size_t bytes);
const char *cublasGetStatusName(cublasStatus_t status);
const char *cublasGetStatusString(cublasStatus_t status);

cublasStatus_t cublasSetVector(int n, int elemSize, const void *x, int incx,
                               void *y, int incy);
cublasStatus_t cublasGetVector(int n, int elemSize, const void *x, int incx,
                               void *y, int incy);
cublasStatus_t cublasSetMatrix(int rows, int cols, int elemSize, const void *a,
                               int lda, void *b, int ldb);
cublasStatus_t cublasGetMatrix(int rows, int cols, int elemSize, const void *a,
                               int lda, void *b, int ldb);

// Level 1 and 2, real types, as (S)ingle and (D)ouble.
#define __GEVO_CUBLAS_REAL(P, T)                                               \
  cublasStatus_t cublas##P##axpy_v2(cublasHandle_t h, int n, const T *alpha,   \
                                    const T *x, int incx, T *y, int incy);     \
  cublasStatus_t cublas##P##scal_v2(cublasHandle_t h, int n, const T *alpha,   \
                                    T *x, int incx);                           \
  cublasStatus_t cublas##P##copy_v2(cublasHandle_t h, int n, const T *x,       \
                                    int incx, T *y, int incy);                 \
  cublasStatus_t cublas##P##swap_v2(cublasHandle_t h, int n, T *x, int incx,   \
                                    T *y, int incy);                           \
  cublasStatus_t cublas##P##dot_v2(cublasHandle_t h, int n, const T *x,        \
                                   int incx, const T *y, int incy, T *result); \
  cublasStatus_t cublas##P##nrm2_v2(cublasHandle_t h, int n, const T *x,       \
                                    int incx, T *result);                      \
  cublasStatus_t cublas##P##asum_v2(cublasHandle_t h, int n, const T *x,       \
                                    int incx, T *result);                      \
  cublasStatus_t cublasI##P##amax_v2(cublasHandle_t h, int n, const T *x,      \
                                     int incx, int *result);                   \
  cublasStatus_t cublasI##P##amin_v2(cublasHandle_t h, int n, const T *x,      \
                                     int incx, int *result);                   \
  cublasStatus_t cublas##P##gemv_v2(                                           \
      cublasHandle_t h, cublasOperation_t trans, int m, int n, const T *alpha, \
      const T *A, int lda, const T *x, int incx, const T *beta, T *y,          \
      int incy);                                                               \
  cublasStatus_t cublas##P##ger_v2(cublasHandle_t h, int m, int n,             \
                                   const T *alpha, const T *x, int incx,       \
                                   const T *y, int incy, T *A, int lda);
__GEVO_CUBLAS_REAL(S, float)
__GEVO_CUBLAS_REAL(D, double)
#undef __GEVO_CUBLAS_REAL

// Level 3, every type.
#define __GEVO_CUBLAS_GEMM(P, T)                                               \
  cublasStatus_t cublas##P##gemm_v2(                                           \
      cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,    \
      int m, int n, int k, const T *alpha, const T *A, int lda, const T *B,    \
      int ldb, const T *beta, T *C, int ldc);                                  \
  cublasStatus_t cublas##P##gemmBatched(                                       \
      cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,    \
      int m, int n, int k, const T *alpha, const T *const Aarray[], int lda,   \
      const T *const Barray[], int ldb, const T *beta, T *const Carray[],      \
      int ldc, int batchCount);                                                \
  cublasStatus_t cublas##P##gemmStridedBatched(                                \
      cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,    \
      int m, int n, int k, const T *alpha, const T *A, int lda,                \
      long long strideA, const T *B, int ldb, long long strideB,               \
      const T *beta, T *C, int ldc, long long strideC, int batchCount);        \
  cublasStatus_t cublas##P##geam(                                              \
      cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,    \
      int m, int n, const T *alpha, const T *A, int lda, const T *beta,        \
      const T *B, int ldb, T *C, int ldc);                                     \
  cublasStatus_t cublas##P##trsm_v2(                                           \
      cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,          \
      cublasOperation_t trans, cublasDiagType_t diag, int m, int n,            \
      const T *alpha, const T *A, int lda, T *B, int ldb);
__GEVO_CUBLAS_GEMM(S, float)
__GEVO_CUBLAS_GEMM(D, double)
__GEVO_CUBLAS_GEMM(C, cuComplex)
__GEVO_CUBLAS_GEMM(Z, cuDoubleComplex)
#undef __GEVO_CUBLAS_GEMM

cublasStatus_t cublasGemmEx(cublasHandle_t h, cublasOperation_t transa,
                            cublasOperation_t transb, int m, int n, int k,
                            const void *alpha, const void *A, cudaDataType Atype,
                            int lda, const void *B, cudaDataType Btype, int ldb,
                            const void *beta, void *C, cudaDataType Ctype,
                            int ldc, cublasComputeType_t computeType,
                            cublasGemmAlgo_t algo);
cublasStatus_t cublasGemmStridedBatchedEx(
    cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,
    int m, int n, int k, const void *alpha, const void *A, cudaDataType Atype,
    int lda, long long strideA, const void *B, cudaDataType Btype, int ldb,
    long long strideB, const void *beta, void *C, cudaDataType Ctype, int ldc,
    long long strideC, int batchCount, cublasComputeType_t computeType,
    cublasGemmAlgo_t algo);
#ifdef __cplusplus
}
#endif

#endif
