// SRAD: speckle-reducing anisotropic diffusion of an image J (rows x cols,
// both multiples of BLOCK), one iteration per three launches.
//
// srad_stats: one block reduces the region of interest to the speckle
// scale q0^2 = var / mean^2 (the original does this on the host).
// srad_cuda_1: per pixel, the four neighbour differences and the diffusion
// coefficient c in [0, 1] from the instantaneous coefficient of variation.
// srad_cuda_2: per pixel, J += lambda / 4 * divergence(c * gradient).
// Both per-pixel kernels stage a BLOCK x BLOCK tile in shared memory; edge
// threads fetch the neighbouring tiles' border cells, and rows and columns
// beyond the image are clamped to it, so nothing is read out of bounds.
#ifndef BLOCK
#define BLOCK 16
#endif
#ifndef STATS_THREADS
#define STATS_THREADS 256
#endif

__global__ void srad_stats(const float *J, float *q0sqr, int cols, int r1,
                           int r2, int c1, int c2) {
  __shared__ float sum[STATS_THREADS];
  __shared__ float sum2[STATS_THREADS];
  int tx = threadIdx.x;
  int roi_cols = c2 - c1 + 1;
  int size = (r2 - r1 + 1) * roi_cols;
  float s = 0.0f, s2 = 0.0f;
  for (int k = tx; k < size; k += STATS_THREADS) {
    float v = J[(r1 + k / roi_cols) * cols + c1 + k % roi_cols];
    s += v;
    s2 += v * v;
  }
  sum[tx] = s;
  sum2[tx] = s2;
  __syncthreads();
  for (int half = STATS_THREADS / 2; half > 0; half /= 2) {
    if (tx < half) {
      sum[tx] += sum[tx + half];
      sum2[tx] += sum2[tx + half];
    }
    __syncthreads();
  }
  if (tx == 0) {
    float mean = sum[0] / size;
    float var = sum2[0] / size - mean * mean;
    *q0sqr = var / (mean * mean);
  }
}

__global__ void srad_cuda_1(float *E_C, float *W_C, float *N_C, float *S_C,
                            const float *J, float *C, int cols, int rows,
                            const float *q0sqr_ptr) {
  __shared__ float tile[BLOCK][BLOCK];
  __shared__ float north[BLOCK], south[BLOCK], west[BLOCK], east[BLOCK];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * BLOCK + ty, col = blockIdx.x * BLOCK + tx;
  int index = row * cols + col;

  tile[ty][tx] = J[index];
  if (ty == 0)
    north[tx] = J[max(row - 1, 0) * cols + col];
  if (ty == BLOCK - 1)
    south[tx] = J[min(row + 1, rows - 1) * cols + col];
  if (tx == 0)
    west[ty] = J[row * cols + max(col - 1, 0)];
  if (tx == BLOCK - 1)
    east[ty] = J[row * cols + min(col + 1, cols - 1)];
  __syncthreads();

  float q0sqr = *q0sqr_ptr;
  float jc = tile[ty][tx];
  float n = (ty > 0 ? tile[ty - 1][tx] : north[tx]) - jc;
  float s = (ty < BLOCK - 1 ? tile[ty + 1][tx] : south[tx]) - jc;
  float w = (tx > 0 ? tile[ty][tx - 1] : west[ty]) - jc;
  float e = (tx < BLOCK - 1 ? tile[ty][tx + 1] : east[ty]) - jc;

  float g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
  float l = (n + s + w + e) / jc;
  float num = 0.5f * g2 - (1.0f / 16.0f) * (l * l);
  float den = 1.0f + 0.25f * l;
  float qsqr = num / (den * den);
  den = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
  float c = 1.0f / (1.0f + den);
  c = c < 0.0f ? 0.0f : (c > 1.0f ? 1.0f : c);

  N_C[index] = n;
  S_C[index] = s;
  W_C[index] = w;
  E_C[index] = e;
  C[index] = c;
}

__global__ void srad_cuda_2(const float *E_C, const float *W_C,
                            const float *N_C, const float *S_C, float *J,
                            const float *C, int cols, int rows, float lambda) {
  __shared__ float c_tile[BLOCK][BLOCK];
  __shared__ float c_south[BLOCK], c_east[BLOCK];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * BLOCK + ty, col = blockIdx.x * BLOCK + tx;
  int index = row * cols + col;

  c_tile[ty][tx] = C[index];
  if (ty == BLOCK - 1)
    c_south[tx] = C[min(row + 1, rows - 1) * cols + col];
  if (tx == BLOCK - 1)
    c_east[ty] = C[row * cols + min(col + 1, cols - 1)];
  __syncthreads();

  float cn = c_tile[ty][tx];
  float cw = cn;
  float cs = ty < BLOCK - 1 ? c_tile[ty + 1][tx] : c_south[tx];
  float ce = tx < BLOCK - 1 ? c_tile[ty][tx + 1] : c_east[ty];
  float d = cn * N_C[index] + cs * S_C[index] + cw * W_C[index] + ce * E_C[index];
  J[index] += 0.25f * lambda * d;
}
