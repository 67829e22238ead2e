// Particle filter: tracks one bright disk through a video of Nfr frames
// (u8, frame-major, row-major; 228 on the object, 100 around it, noise).
// Four launches per frame k (1..Nfr-1), the original CUDA version's split:
//
// likelihood_kernel: per particle i, take the resampled position (xj, yj),
//   move it (x += 1 + 5 randn, y += -2 + 2 randn, its own LCG stream
//   seed[i]), average ((I - 100)^2 - (I - 228)^2) over the disk offsets
//   objxy around it, weights[i] = exp(likelihood / LIKELIHOOD_SCALE) / N,
//   and a shared tree reduction of the block's weights into partial_sums.
// sum_kernel: one thread adds the blocks' partial sums into partial_sums[0].
// normalize_weights_kernel: one block: weights /= sum, then thread 0 builds
//   the CDF, writes the frame's estimate (the weighted mean position) and
//   draws u1 in [0, 1/N); every u[i] = u1 + i / N.
// find_index_kernel: per particle, the first j with CDF[j] >= u[i]; the
//   particle's resampled position is (arrayX[j], arrayY[j]).
//
// Random numbers: seed = seed * 1103515245 + 12345 (u32); randu takes the
// top 24 bits; randn is Box-Muller from two randu draws.
#ifndef BLOCK
#define BLOCK 128
#endif
#define LIKELIHOOD_SCALE 2000.0f
#define PI 3.14159265358979f

__device__ float randu(unsigned *seed, int i) {
  seed[i] = seed[i] * 1103515245u + 12345u;
  return (seed[i] >> 8) * (1.0f / 16777216.0f);
}

/// A standard normal draw; 1 - randu is in (0, 1], so the log is finite.
__device__ float randn(unsigned *seed, int i) {
  float u = 1.0f - randu(seed, i);
  float v = randu(seed, i);
  return sqrtf(-2.0f * logf(u)) * cosf(2.0f * PI * v);
}

__global__ void likelihood_kernel(float *arrayX, float *arrayY, const float *xj,
                                  const float *yj, const int *objxy,
                                  const unsigned char *I, float *weights,
                                  float *partial_sums, unsigned *seed,
                                  int Nparticles, int countOnes, int IszX,
                                  int IszY, int k) {
  __shared__ float buffer[BLOCK];
  int i = blockIdx.x * BLOCK + threadIdx.x;
  float w = 0.0f;
  if (i < Nparticles) {
    float x = xj[i] + 1.0f + 5.0f * randn(seed, i);
    float y = yj[i] - 2.0f + 2.0f * randn(seed, i);
    arrayX[i] = x;
    arrayY[i] = y;
    const unsigned char *frame = I + (long)(k + 1) * IszX * IszY;
    int cx = (int)floorf(x + 0.5f), cy = (int)floorf(y + 0.5f);
    float likelihood = 0.0f;
    for (int j = 0; j < countOnes; ++j) {
      int px = min(max(cx + objxy[2 * j], 0), IszX - 1);
      int py = min(max(cy + objxy[2 * j + 1], 0), IszY - 1);
      float v = frame[py * IszX + px];
      likelihood += (v - 100.0f) * (v - 100.0f) - (v - 228.0f) * (v - 228.0f);
    }
    likelihood = likelihood / countOnes / LIKELIHOOD_SCALE;
    w = expf(likelihood) / Nparticles;
    weights[i] = w;
  }
  buffer[threadIdx.x] = w;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s /= 2) {
    if (threadIdx.x < s)
      buffer[threadIdx.x] += buffer[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    partial_sums[blockIdx.x] = buffer[0];
}

__global__ void sum_kernel(float *partial_sums, int num_blocks) {
  if (blockIdx.x * blockDim.x + threadIdx.x == 0) {
    float sum = 0.0f;
    for (int b = 0; b < num_blocks; ++b)
      sum += partial_sums[b];
    partial_sums[0] = sum;
  }
}

__global__ void normalize_weights_kernel(float *weights, int Nparticles,
                                         const float *partial_sums,
                                         const float *arrayX,
                                         const float *arrayY, float *CDF,
                                         float *u, unsigned *seed,
                                         float *estimate, int k) {
  __shared__ float u1;
  float sum = partial_sums[0];
  for (int i = threadIdx.x; i < Nparticles; i += BLOCK)
    weights[i] = weights[i] / sum;
  __syncthreads();
  if (threadIdx.x == 0) {
    float c = 0.0f, ex = 0.0f, ey = 0.0f;
    for (int j = 0; j < Nparticles; ++j) {
      c += weights[j];
      CDF[j] = c;
      ex += weights[j] * arrayX[j];
      ey += weights[j] * arrayY[j];
    }
    estimate[2 * k] = ex;
    estimate[2 * k + 1] = ey;
    u1 = randu(seed, 0) / Nparticles;
  }
  __syncthreads();
  for (int i = threadIdx.x; i < Nparticles; i += BLOCK)
    u[i] = u1 + i / (float)Nparticles;
}

__global__ void find_index_kernel(const float *arrayX, const float *arrayY,
                                  const float *CDF, const float *u, float *xj,
                                  float *yj, int Nparticles) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i >= Nparticles)
    return;
  int index = Nparticles - 1;
  for (int j = 0; j < Nparticles; ++j) {
    if (CDF[j] >= u[i]) {
      index = j;
      break;
    }
  }
  xj[i] = arrayX[index];
  yj[i] = arrayY[index];
}
