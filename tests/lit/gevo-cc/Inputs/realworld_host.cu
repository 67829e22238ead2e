// A "real" CUDA application in one file, written the way CUDA code is found
// in the wild: the NVIDIA headers included by name, an error-checking macro,
// constant memory filled from the host, static and dynamic shared memory,
// vector types, atomics, warp intrinsics, math, read-only loads, a template
// kernel, device printf and assert, and a host main driving it all with
// streams and events. gevo-cc must compile its device side unmodified.
#include <cuda.h>
#include <cuda_runtime.h>
#include <device_launch_parameters.h>

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      fprintf(stderr, "%s:%d: CUDA error %d: %s\n", __FILE__, __LINE__,        \
              (int)err_, cudaGetErrorString(err_));                            \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)

#define RADIUS 4
#define BLOCK 128

__constant__ float c_weights[2 * RADIUS + 1];
__constant__ int c_params[4];
__device__ unsigned int d_blocksDone;
__device__ float d_globalMax;

__host__ __device__ inline float smoothstep(float e0, float e1, float x) {
  float t = fminf(fmaxf((x - e0) / (e1 - e0), 0.0f), 1.0f);
  return t * t * (3.0f - 2.0f * t);
}

static __device__ __forceinline__ float4 scale4(float4 v, float s) {
  return make_float4(v.x * s, v.y * s, v.z * s, v.w * s);
}

__device__ __noinline__ float atomicMaxFloat(float *addr, float value) {
  int *bits = (int *)addr;
  int old = *bits, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= value)
      break;
    old = atomicCAS(bits, assumed, __float_as_int(value));
  } while (assumed != old);
  return __int_as_float(old);
}

// 1D convolution with a halo in static shared memory and __ldg loads.
__global__ void __launch_bounds__(BLOCK)
    convolve(const float *__restrict__ in, float *__restrict__ out, int n) {
  __shared__ float tile[BLOCK + 2 * RADIUS];
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int lid = threadIdx.x + RADIUS;
  tile[lid] = gid < n ? __ldg(&in[gid]) : 0.0f;
  if (threadIdx.x < RADIUS) {
    int left = gid - RADIUS, right = gid + BLOCK;
    tile[lid - RADIUS] = left >= 0 ? __ldg(&in[left]) : 0.0f;
    tile[lid + BLOCK] = right < n ? __ldg(&in[right]) : 0.0f;
  }
  __syncthreads();
  if (gid >= n)
    return;
  float acc = 0.0f;
#pragma unroll
  for (int k = -RADIUS; k <= RADIUS; ++k)
    acc += c_weights[k + RADIUS] * tile[lid + k];
  out[gid] = smoothstep(-1.0f, 1.0f, acc) * expf(-fabsf(acc)) +
             sqrtf(fabsf(acc)) + __saturatef(acc) * rsqrtf(1.0f + acc * acc);
}

// Block statistics with dynamic shared memory, shuffles, votes and atomics.
__global__ void block_stats(const float4 *data, int n4, float *sums,
                            unsigned int *histogram, int2 *extremes) {
  extern __shared__ float partial[];
  dim3 tid = threadIdx;
  int i = blockIdx.x * blockDim.x + tid.x;
  float4 v = i < n4 ? scale4(data[i], 0.5f) : make_float4(0, 0, 0, 0);
  float s = v.x + v.y + v.z + v.w;

  unsigned int mask = __activemask();
  for (int offset = warpSize / 2; offset > 0; offset >>= 1)
    s += __shfl_xor_sync(mask, s, offset);
  int lane = tid.x % warpSize;
  unsigned int positive = __ballot_sync(mask, s > 0.0f);
  if (__all_sync(mask, s == 0.0f))
    return;
  if (lane == 0)
    partial[tid.x / warpSize] = s;
  int active = __syncthreads_count(s != 0.0f);
  __syncthreads();

  if (tid.x == 0) {
    float blockSum = 0.0f;
    for (int w = 0; w < (int)(blockDim.x / warpSize); ++w)
      blockSum += partial[w];
    atomicAdd(&sums[0], blockSum);
    atomicAdd(&histogram[min(__popc(positive), 31)], 1u);
    atomicMax(&extremes->x, active);
    atomicMin(&extremes->y, __ffs(positive));
    atomicMaxFloat(&d_globalMax, blockSum);
    unsigned int done = atomicInc(&d_blocksDone, gridDim.x - 1);
    if (done == gridDim.x - 1 && c_params[0] != 0)
      printf("last block %d of %d: sum %f\n", blockIdx.x, gridDim.x, blockSum);
  }
}

template <int Steps> __global__ void iterate(double *x, int n, double rate) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(i >= 0);
  if (i >= n)
    return;
  double v = x[i];
#pragma unroll
  for (int s = 0; s < Steps; ++s)
    v = v + rate * (sin(v) * cos(v) - log1p(fabs(v))) + pow(fabs(v), 0.25);
#ifdef __CUDA_ARCH__
  v += __shfl_down_sync(0xffffffff, v, 1);
#endif
  x[i] = sqrt(fabs(v)) + exp(-v * v) + erf(v) + tanh(v);
}

int main(int argc, char **argv) {
  int deviceCount = 0;
  CUDA_CHECK(cudaGetDeviceCount(&deviceCount));
  if (deviceCount == 0) {
    printf("no CUDA device\n");
    return 0;
  }
  CUDA_CHECK(cudaSetDevice(0));
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  printf("%s, sm_%d%d, %d SMs, %zu bytes shared/block\n", prop.name, prop.major,
         prop.minor, prop.multiProcessorCount, prop.sharedMemPerBlock);

  const int n = argc > 1 ? atoi(argv[1]) : 1 << 16;
  float weights[2 * RADIUS + 1];
  for (int k = 0; k <= 2 * RADIUS; ++k)
    weights[k] = 1.0f / (2 * RADIUS + 1);
  int params[4] = {1, 0, 0, 0};
  CUDA_CHECK(cudaMemcpyToSymbol(c_weights, weights, sizeof(weights)));
  CUDA_CHECK(cudaMemcpyToSymbol(c_params, params, sizeof(params), 0,
                                cudaMemcpyHostToDevice));

  float *h_in;
  CUDA_CHECK(cudaMallocHost((void **)&h_in, n * sizeof(float)));
  for (int i = 0; i < n; ++i)
    h_in[i] = sinf(i * 0.01f);

  float *d_in, *d_out, *d_sums;
  unsigned int *d_hist;
  int2 *d_ext;
  double *d_x;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_sums, sizeof(float)));
  CUDA_CHECK(cudaMalloc((void **)&d_hist, 32 * sizeof(unsigned int)));
  CUDA_CHECK(cudaMalloc(&d_ext, sizeof(int2)));
  CUDA_CHECK(cudaMalloc(&d_x, n * sizeof(double)));
  CUDA_CHECK(cudaMemset(d_sums, 0, sizeof(float)));
  CUDA_CHECK(cudaMemset(d_hist, 0, 32 * sizeof(unsigned int)));
  int2 ext = make_int2(0, 1 << 30);
  CUDA_CHECK(cudaMemcpy(d_ext, &ext, sizeof(ext), cudaMemcpyHostToDevice));

  cudaStream_t stream;
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaStreamCreate(&stream));
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  CUDA_CHECK(cudaFuncSetCacheConfig(convolve, cudaFuncCachePreferShared));

  CUDA_CHECK(cudaMemcpyAsync(d_in, h_in, n * sizeof(float),
                             cudaMemcpyHostToDevice, stream));
  CUDA_CHECK(cudaEventRecord(start, stream));
  dim3 block(BLOCK), grid((n + BLOCK - 1) / BLOCK);
  convolve<<<grid, block, 0, stream>>>(d_in, d_out, n);
  CUDA_CHECK(cudaGetLastError());
  int n4 = n / 4;
  size_t shmem = (BLOCK / 32) * sizeof(float);
  block_stats<<<(n4 + BLOCK - 1) / BLOCK, BLOCK, shmem, stream>>>(
      (const float4 *)d_out, n4, d_sums, d_hist, d_ext);
  iterate<8><<<grid, block, 0, stream>>>(d_x, n, 0.01);
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
#if CUDART_VERSION < 13000 // removed in CUDA 13
  CUDA_CHECK(cudaThreadSynchronize());
#endif
  CUDA_CHECK(cudaDeviceSynchronize());

  float ms = 0.0f, sum = 0.0f, globalMax = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  CUDA_CHECK(cudaMemcpy(&sum, d_sums, sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpyFromSymbol(&globalMax, d_globalMax, sizeof(float)));
  printf("sum %f, max %f, %.3f ms (CUDA %d)\n", sum, globalMax, ms,
         CUDA_VERSION);

  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaStreamDestroy(stream));
  cudaFree(d_in);
  cudaFree(d_out);
  cudaFree(d_sums);
  cudaFree(d_hist);
  cudaFree(d_ext);
  cudaFree(d_x);
  cudaFreeHost(h_in);
  cudaDeviceReset();
  return 0;
}
