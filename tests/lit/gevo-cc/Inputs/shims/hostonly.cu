// A CUDA file whose host code uses host-only libraries (cuBLAS, cuFFT,
// NCCL, NVTX, OpenMP, OpenGL interop): their headers must not stop device
// compilation, on NVIDIA's headers or on gevo's stand-ins
// (include/hostonly/). -DLEGACY_CUBLAS takes cuBLAS's legacy API instead.
#ifdef LEGACY_CUBLAS
#include <cublas.h>
#else
#include <cublas_v2.h>
#endif
#include <cuda_gl_interop.h>
#include <cufft.h>
#include <nccl.h>
#include <nvToolsExt.h>
#include <omp.h>

__global__ void scale(cufftComplex *c, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = make_cuComplex(cuCrealf(c[i]) * s, cuCimagf(c[i]) * s);
}

int main() {
  const int n = 256;
  float *x = nullptr, one = 1.0f;
  nvtxRangePushA("setup");
#ifdef LEGACY_CUBLAS
  cublasInit();
  cublasSaxpy(n, one, x, 1, x, 1);
  cublasShutdown();
#else
  cublasHandle_t blas;
  if (cublasCreate(&blas) != CUBLAS_STATUS_SUCCESS)
    return 1;
  cublasSgemm(blas, CUBLAS_OP_N, CUBLAS_OP_T, 16, 16, 16, &one, x, 16, x, 16,
              &one, x, 16);
  cublasDestroy(blas);
#endif
  cufftHandle plan;
  cufftComplex *c = nullptr;
  cufftPlan1d(&plan, n, CUFFT_C2C, 1);
  cufftExecC2C(plan, c, c, CUFFT_FORWARD);
  ncclComm_t comm;
  ncclCommInitAll(&comm, 1, nullptr);
  ncclAllReduce(x, x, n, ncclFloat, ncclSum, comm, 0);
  GLuint vbo = 0;
  cudaGraphicsResource *res;
  cudaGraphicsGLRegisterBuffer(&res, vbo, cudaGraphicsMapFlagsNone);
  double t0 = omp_get_wtime();
#pragma omp parallel for
  for (int i = 0; i < omp_get_max_threads(); ++i)
    x[i] = 0;
  scale<<<1, n>>>(c, 1.0f / n, n);
  nvtxRangePop();
  return omp_get_wtime() > t0 ? 0 : 1;
}
