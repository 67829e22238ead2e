// Gaussian elimination without pivoting, written as a small CUDA
// application in the shape of Rodinia's: the host reads an augmented matrix
// [A | b] from a text file, then for each pivot t launches two kernels whose
// grids shrink as the trailing matrix does, passing derived counters; it
// copies the upper-triangular system back and solves it on the host.
//
//   matrix file: n, then n rows of n + 1 numbers (A's row and b's element)
//   build:       nvcc -o elimination elimination.cu
//   run:         ./elimination tests/matrix24.txt
//
// gevo evolves its kernels with the launch plan in tests/spec.json, which
// says what main() does (examples/elimination/README.md).

#include <cstdio>
#include <cstdlib>
#include <vector>

#define COLUMN_BLOCK 16
#define TILE 16

// m[row] = a[row][t] / a[t][t] for the rows_left rows below the pivot.
__global__ void eliminate_column(const float *a, float *m, int n, int t,
                                 int rows_left) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= rows_left)
    return;
  int row = t + 1 + i;
  m[row] = a[row * (n + 1) + t] / a[t * (n + 1) + t];
}

// a[row][col] -= m[row] * a[t][col] over the trailing rows and the columns
// from t (b's included); each block stages its part of the pivot row and
// its rows' multipliers in shared memory.
__global__ void update_rows(float *a, const float *m, int n, int t) {
  __shared__ float pivot[TILE];
  __shared__ float mult[TILE];
  int col = t + blockIdx.x * TILE + threadIdx.x;
  int row = t + 1 + blockIdx.y * TILE + threadIdx.y;
  if (threadIdx.y == 0)
    pivot[threadIdx.x] = col <= n ? a[t * (n + 1) + col] : 0.0f;
  if (threadIdx.x == 0)
    mult[threadIdx.y] = row < n ? m[row] : 0.0f;
  __syncthreads();
  if (row < n && col <= n)
    a[row * (n + 1) + col] -= mult[threadIdx.y] * pivot[threadIdx.x];
  __syncthreads();
}

static int cdiv(int a, int b) { return (a + b - 1) / b; }

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s MATRIX_FILE\n", argv[0]);
    return 1;
  }
  FILE *f = fopen(argv[1], "r");
  int n = 0;
  if (!f || fscanf(f, "%d", &n) != 1 || n < 2) {
    fprintf(stderr, "%s: cannot read the matrix size\n", argv[1]);
    return 1;
  }
  std::vector<float> a(size_t(n) * (n + 1));
  for (float &v : a)
    if (fscanf(f, "%f", &v) != 1) {
      fprintf(stderr, "%s: short file\n", argv[1]);
      return 1;
    }
  fclose(f);

  float *da, *dm;
  cudaMalloc(&da, a.size() * sizeof(float));
  cudaMalloc(&dm, n * sizeof(float));
  cudaMemcpy(da, a.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice);
  for (int t = 0; t < n - 1; ++t) {
    int rows_left = n - 1 - t;
    eliminate_column<<<cdiv(rows_left, COLUMN_BLOCK), COLUMN_BLOCK>>>(
        da, dm, n, t, rows_left);
    dim3 grid(cdiv(n + 1 - t, TILE), cdiv(rows_left, TILE));
    update_rows<<<grid, dim3(TILE, TILE)>>>(da, dm, n, t);
  }
  cudaMemcpy(a.data(), da, a.size() * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(da);
  cudaFree(dm);

  std::vector<float> x(n);
  for (int row = n - 1; row >= 0; --row) {
    float s = a[row * (n + 1) + n];
    for (int col = row + 1; col < n; ++col)
      s -= a[row * (n + 1) + col] * x[col];
    x[row] = s / a[row * (n + 1) + row];
  }
  for (int i = 0; i < n; ++i)
    printf("x[%d] = %g\n", i, x[i]);
  return 0;
}
