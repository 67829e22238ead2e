// C-SVC training and prediction with an RBF kernel, as GPU SVM libraries
// do it: decomposition into working sets. The host picks a working set of
// q samples (the most violating of the KKT conditions), rbf_rows computes
// their q kernel rows against every training sample (or, when it fits, the
// whole kernel matrix once: a kernel cache), smo_solve runs SMO on
// the q-sample subproblem inside one block (each thread owns one sample;
// maximal violating pair by shared-memory reductions; the pair's alphas and
// every f value updated until the local gap is small), and update_f folds
// the alpha changes into the optimality indicators f of all samples.
//
// Notation: y in {-1, +1}, 0 <= alpha <= C, f_i = sum_j alpha_j y_j K_ij - y_i.
// I_up = {y = +1, alpha < C} u {y = -1, alpha > 0}, I_low = {y = +1,
// alpha > 0} u {y = -1, alpha < C}; optimal when max_low f - min_up f < eps.
// Decision value of x: sum_j alpha_j y_j K(x_j, x) - rho.
#include <cuda_runtime.h>

#define TILE 16

// norms[i] = |X_i|^2 for the n rows of the n x d matrix X.
extern "C" __global__ void sq_norms(const float *X, int n, int d, float *norms) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const float *row = X + (size_t)i * d;
  float s = 0.0f;
  for (int k = 0; k < d; ++k)
    s += row[k] * row[k];
  norms[i] = s;
}

// K[r * n + c] = exp(-gamma |A_rows[r] - B_c|^2) for r < m, c < n: the
// kernel rows of m samples of A (picked by rows[]) against all n samples of
// B. Block (16, 16) computes a 32 x 32 tile of K, 2 x 2 values per thread,
// from dot products over 16-wide slices of the samples staged in shared
// memory; grid (ceil(n / 32), ceil(m / 32)).
extern "C" __global__ void rbf_rows(const float *A, const float *normA,
                                    const int *rows, int m, const float *B,
                                    const float *normB, int n, int d,
                                    float gamma, float *K) {
  __shared__ float As[2 * TILE][TILE + 1];
  __shared__ float Bs[2 * TILE][TILE + 1];
  int tx = threadIdx.x, ty = threadIdx.y;
  int r0 = blockIdx.y * 2 * TILE, c0 = blockIdx.x * 2 * TILE;

  float dot[2][2] = {{0.0f, 0.0f}, {0.0f, 0.0f}};
  for (int k0 = 0; k0 < d; k0 += TILE) {
    for (int e = ty * TILE + tx; e < 2 * TILE * TILE; e += TILE * TILE) {
      int row = e / TILE, k = k0 + e % TILE;
      int ra = r0 + row, cb = c0 + row;
      As[row][e % TILE] = (ra < m && k < d) ? A[(size_t)rows[ra] * d + k] : 0.0f;
      Bs[row][e % TILE] = (cb < n && k < d) ? B[(size_t)cb * d + k] : 0.0f;
    }
    __syncthreads();
    for (int kk = 0; kk < TILE; ++kk) {
      float a0 = As[ty][kk], a1 = As[ty + TILE][kk];
      float b0 = Bs[tx][kk], b1 = Bs[tx + TILE][kk];
      dot[0][0] += a0 * b0;
      dot[0][1] += a0 * b1;
      dot[1][0] += a1 * b0;
      dot[1][1] += a1 * b1;
    }
    __syncthreads();
  }
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) {
      int r = r0 + ty + i * TILE, c = c0 + tx + j * TILE;
      if (r < m && c < n) {
        float dist = normA[rows[r]] + normB[c] - 2.0f * dot[i][j];
        K[(size_t)r * n + c] = expf(-gamma * fmaxf(dist, 0.0f));
      }
    }
}

__device__ bool in_up(float y, float a, float C) {
  return (y > 0 && a < C) || (y < 0 && a > 0);
}

__device__ bool in_low(float y, float a, float C) {
  return (y > 0 && a > 0) || (y < 0 && a < C);
}

// Tree reduction over the block: val[0], idx[0] become the smallest value
// and its index (the lower index on ties). blockDim.x is a power of two.
__device__ void block_argmin(float *val, int *idx) {
  int t = threadIdx.x;
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s && val[t + s] < val[t]) {
      val[t] = val[t + s];
      idx[t] = idx[t + s];
    }
    __syncthreads();
  }
}

// SMO on the working set ws[0..q): one block of a power of two >= q
// threads, thread t owning sample ws[t], whose kernel row K(ws[t], .) is
// row krow[t] of K (n columns: the whole kernel matrix, krow = ws, or just
// the working set's rows, krow[t] = t). Iterates until the working set's gap
// falls below max(eps, gap at entry / 10) or after maxIter steps. Writes
// the new alphas and alphaDiff[t] = (new - old alpha) * y of ws[t].
// Dynamic shared memory: 4 * blockDim.x words.
extern "C" __global__ void smo_solve(const int *ws, const int *krow, int q,
                                     const float *y, float *alpha,
                                     const float *f, const float *K, int n,
                                     float C,
                                     float eps, int maxIter,
                                     float *alphaDiff) {
  extern __shared__ float smem[];
  float *f_val_reduce = smem;
  int *f_idx_reduce = (int *)(smem + blockDim.x);
  float *alpha_ws = smem + 2 * blockDim.x;
  float *y_ws = smem + 3 * blockDim.x;

  int t = threadIdx.x;
  bool mine = t < q;
  int gi = mine ? ws[t] : 0;
  float yi = mine ? y[gi] : 0.0f;
  float a = mine ? alpha[gi] : 0.0f;
  float a_old = a;
  float fi = mine ? f[gi] : 0.0f;
  y_ws[t] = yi;

  float local_eps = eps;
  for (int iter = 0;; ++iter) {
    alpha_ws[t] = a;
    // select f Up: the smallest f in I_up
    f_val_reduce[t] = (mine && in_up(yi, a, C)) ? fi : INFINITY;
    f_idx_reduce[t] = t;
    __syncthreads();
    block_argmin(f_val_reduce, f_idx_reduce);
    int up = f_idx_reduce[0];
    float up_val = f_val_reduce[0];
    __syncthreads();
    // select f Low: the largest f in I_low
    f_val_reduce[t] = (mine && in_low(yi, a, C)) ? -fi : INFINITY;
    f_idx_reduce[t] = t;
    __syncthreads();
    block_argmin(f_val_reduce, f_idx_reduce);
    int low = f_idx_reduce[0];
    float low_val = -f_val_reduce[0];
    float gap = low_val - up_val;
    if (iter == 0)
      local_eps = fmaxf(eps, 0.1f * gap);
    if (!(gap >= local_eps) || iter >= maxIter)
      break;

    // Move t along alpha_up += y_up t, alpha_low -= y_low t, clipped to the box.
    const float *k_up = K + (size_t)krow[up] * n;
    const float *k_low = K + (size_t)krow[low] * n;
    float k_uu = k_up[ws[up]], k_ll = k_low[ws[low]], k_ul = k_up[ws[low]];
    float eta = fmaxf(k_uu + k_ll - 2.0f * k_ul, 1e-12f);
    float y_up = y_ws[up], y_low = y_ws[low];
    float bound_up = y_up > 0 ? C - alpha_ws[up] : alpha_ws[up];
    float bound_low = y_low > 0 ? alpha_ws[low] : C - alpha_ws[low];
    float bound = fminf(bound_up, bound_low);
    float step = fminf(bound, gap / eta);

    fi += step * (k_up[gi] - k_low[gi]);
    if (t == up)
      a = step == bound_up ? (y_up > 0 ? C : 0.0f) : a + y_up * step;
    if (t == low)
      a = step == bound_low ? (y_low > 0 ? 0.0f : C) : a - y_low * step;
    __syncthreads();
  }
  if (mine) {
    alpha[gi] = a;
    alphaDiff[t] = (a - a_old) * yi;
  }
}

// f_k += sum_t alphaDiff[t] K(ws[t], k) for all n samples (row krow[t]
// of K is K(ws[t], .)).
extern "C" __global__ void update_f(float *f, const float *alphaDiff,
                                    const int *krow, const float *K, int q,
                                    int n) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n)
    return;
  float s = 0.0f;
  for (int w = 0; w < q; ++w)
    s += alphaDiff[w] * K[(size_t)krow[w] * n + k];
  f[k] += s;
}

// dec[i] = sum_k coef[k] K[i * n + k] - rho for the m rows of K; one block
// (a power of two threads, as much dynamic shared memory in words) per row.
extern "C" __global__ void decision_values(const float *K, const float *coef,
                                           int m, int n, float rho,
                                           float *dec) {
  extern __shared__ float partial[];
  int i = blockIdx.x, t = threadIdx.x;
  float s = 0.0f;
  for (int k = t; k < n; k += blockDim.x)
    s += coef[k] * K[(size_t)i * n + k];
  partial[t] = s;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride)
      partial[t] += partial[t + stride];
    __syncthreads();
  }
  if (t == 0)
    dec[i] = partial[0] - rho;
}
