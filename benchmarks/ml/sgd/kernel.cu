// A multilayer perceptron trained by minibatch momentum SGD: the kernels of
// one training step. Matrices are row-major float; a minibatch of B samples
// is B rows. Forward: Z = X W (matmul), Z += b and ReLU (bias_act), softmax
// cross-entropy with its gradient (softmax_xent). Backward: the same matmul
// with transposed operands (by strides), ReLU masks (relu_backward), bias
// gradients (column_sums). Update: momentum_sgd, with the semantics of
// Caffe2's momentum SGD operator in its Nesterov form:
//   m_new = beta m + lr g;  g = (1 + beta) m_new - beta m;  param -= g.
#include <cuda_runtime.h>

#define TILE 16

// C[i * N + j] = sum_k A(i, k) B(k, j) for i < M, j < N, where
// A(i, k) = A[i * sai + k * sak] and B(k, j) = B[k * sbk + j * sbj] (so a
// transposed operand is a matter of strides). 16x16 shared-memory tiles;
// block (16, 16), grid (ceil(N / 16), ceil(M / 16)).
extern "C" __global__ void matmul(const float *A, int sai, int sak,
                                  const float *B, int sbk, int sbj, float *C,
                                  int M, int N, int K) {
  __shared__ float As[TILE][TILE + 1];
  __shared__ float Bs[TILE][TILE + 1];
  int tx = threadIdx.x, ty = threadIdx.y;
  int i = blockIdx.y * TILE + ty;
  int j = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    int ka = k0 + tx, kb = k0 + ty;
    As[ty][tx] = (i < M && ka < K) ? A[(size_t)i * sai + (size_t)ka * sak] : 0.0f;
    Bs[ty][tx] = (kb < K && j < N) ? B[(size_t)kb * sbk + (size_t)j * sbj] : 0.0f;
    __syncthreads();
    for (int kk = 0; kk < TILE; ++kk)
      acc += As[ty][kk] * Bs[kk][tx];
    __syncthreads();
  }
  if (i < M && j < N)
    C[(size_t)i * N + j] = acc;
}

// Z[r][c] = act(Z[r][c] + b[c]), act = ReLU when relu != 0, else identity.
extern "C" __global__ void bias_act(float *Z, const float *b, int rows,
                                    int cols, int relu) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= rows * cols)
    return;
  float z = Z[idx] + b[idx % cols];
  Z[idx] = (relu && z < 0.0f) ? 0.0f : z;
}

// Per row r: p = softmax(logits[r]), loss[r] = -log p[label[r]],
// dlogits[r] = (p - onehot(label[r])) * scale. One thread per row.
extern "C" __global__ void softmax_xent(const float *logits, const int *labels,
                                        int rows, int classes, float scale,
                                        float *dlogits, float *loss) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  const float *z = logits + (size_t)r * classes;
  float mx = z[0];
  for (int c = 1; c < classes; ++c)
    mx = fmaxf(mx, z[c]);
  float sum = 0.0f;
  for (int c = 0; c < classes; ++c)
    sum += expf(z[c] - mx);
  int label = labels[r];
  for (int c = 0; c < classes; ++c) {
    float p = expf(z[c] - mx) / sum;
    dlogits[(size_t)r * classes + c] = (p - (c == label ? 1.0f : 0.0f)) * scale;
  }
  loss[r] = logf(sum) + mx - z[label];
}

// dH[i] = 0 where the ReLU output H[i] was 0.
extern "C" __global__ void relu_backward(float *dH, const float *H, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && H[i] <= 0.0f)
    dH[i] = 0.0f;
}

// db[c] = sum_r dZ[r][c]; one thread per column.
extern "C" __global__ void column_sums(const float *dZ, int rows, int cols,
                                       float *db) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= cols)
    return;
  float s = 0.0f;
  for (int r = 0; r < rows; ++r)
    s += dZ[(size_t)r * cols + c];
  db[c] = s;
}

// Momentum SGD over n parameters, a grid-stride loop. g is overwritten with
// the step taken.
extern "C" __global__ void momentum_sgd(int n, float *g, float *m,
                                        float *param, float lr, float beta) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    float mi = m[i];
    float mi_new = beta * mi + lr * g[i];
    m[i] = mi_new;
    g[i] = (1.0f + beta) * mi_new - beta * mi;
    param[i] -= g[i];
  }
}
