//===- cufft.h - gevo's stand-in for cuFFT -*- C++ -*-===//
//
// Host-only stand-in (include/hostonly/, searched after every real header
// directory: with a CUDA toolkit, its own cufft.h wins). cuFFT has no device
// code a kernel calls; a .cu that includes it for its host code needs the
// declarations to parse: the result codes (documented values, with _CUFFT_H_
// defined as the real header does, for helper_cuda.h), the transform types,
// the complex types kernels use (float2/double2, see cuComplex.h) and the
// plan and exec functions.
//
//===----------------------------------------------------------------------===//
#ifndef _CUFFT_H_
#define _CUFFT_H_

#include <cuComplex.h>
#include <cuda_runtime_api.h>
#include <library_types.h>

typedef enum cufftResult_t {
  CUFFT_SUCCESS = 0,
  CUFFT_INVALID_PLAN = 1,
  CUFFT_ALLOC_FAILED = 2,
  CUFFT_INVALID_TYPE = 3,
  CUFFT_INVALID_VALUE = 4,
  CUFFT_INTERNAL_ERROR = 5,
  CUFFT_EXEC_FAILED = 6,
  CUFFT_SETUP_FAILED = 7,
  CUFFT_INVALID_SIZE = 8,
  CUFFT_UNALIGNED_DATA = 9,
  CUFFT_INCOMPLETE_PARAMETER_LIST = 10,
  CUFFT_INVALID_DEVICE = 11,
  CUFFT_PARSE_ERROR = 12,
  CUFFT_NO_WORKSPACE = 13,
  CUFFT_NOT_IMPLEMENTED = 14,
  CUFFT_LICENSE_ERROR = 15,
  CUFFT_NOT_SUPPORTED = 16
} cufftResult;

typedef enum cufftType_t {
  CUFFT_R2C = 0x2a,
  CUFFT_C2R = 0x2c,
  CUFFT_C2C = 0x29,
  CUFFT_D2Z = 0x6a,
  CUFFT_Z2D = 0x6c,
  CUFFT_Z2Z = 0x69
} cufftType;

#define CUFFT_FORWARD -1
#define CUFFT_INVERSE 1

typedef int cufftHandle;
typedef float cufftReal;
typedef double cufftDoubleReal;
typedef cuComplex cufftComplex;
typedef cuDoubleComplex cufftDoubleComplex;

#ifdef __cplusplus
extern "C" {
#endif
cufftResult cufftCreate(cufftHandle *plan);
cufftResult cufftDestroy(cufftHandle plan);
cufftResult cufftSetStream(cufftHandle plan, cudaStream_t stream);
cufftResult cufftGetVersion(int *version);
cufftResult cufftPlan1d(cufftHandle *plan, int nx, cufftType type, int batch);
cufftResult cufftPlan2d(cufftHandle *plan, int nx, int ny, cufftType type);
cufftResult cufftPlan3d(cufftHandle *plan, int nx, int ny, int nz,
                        cufftType type);
cufftResult cufftPlanMany(cufftHandle *plan, int rank, int *n, int *inembed,
                          int istride, int idist, int *onembed, int ostride,
                          int odist, cufftType type, int batch);
cufftResult cufftMakePlan1d(cufftHandle plan, int nx, cufftType type,
                            int batch, size_t *workSize);
cufftResult cufftMakePlan2d(cufftHandle plan, int nx, int ny, cufftType type,
                            size_t *workSize);
cufftResult cufftMakePlanMany(cufftHandle plan, int rank, int *n, int *inembed,
                              int istride, int idist, int *onembed,
                              int ostride, int odist, cufftType type,
                              int batch, size_t *workSize);
cufftResult cufftGetSize(cufftHandle plan, size_t *workSize);
cufftResult cufftSetAutoAllocation(cufftHandle plan, int autoAllocate);
cufftResult cufftSetWorkArea(cufftHandle plan, void *workArea);
cufftResult cufftExecC2C(cufftHandle plan, cufftComplex *idata,
                         cufftComplex *odata, int direction);
cufftResult cufftExecR2C(cufftHandle plan, cufftReal *idata,
                         cufftComplex *odata);
cufftResult cufftExecC2R(cufftHandle plan, cufftComplex *idata,
                         cufftReal *odata);
cufftResult cufftExecZ2Z(cufftHandle plan, cufftDoubleComplex *idata,
                         cufftDoubleComplex *odata, int direction);
cufftResult cufftExecD2Z(cufftHandle plan, cufftDoubleReal *idata,
                         cufftDoubleComplex *odata);
cufftResult cufftExecZ2D(cufftHandle plan, cufftDoubleComplex *idata,
                         cufftDoubleReal *odata);
#ifdef __cplusplus
}
#endif

#endif
