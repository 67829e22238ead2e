// Gaussian elimination (forward phase, no pivoting) of A x = b.
//
// For each pivot column t the host launches Fan1, which computes the
// multipliers m[i][t] = a[i][t] / a[t][t] of the rows below the pivot, then
// Fan2, which subtracts m[i][t] times the pivot row from every row below it
// (one thread per element, a 2D grid) and updates b the same way. The
// matrix is row-major, Size x Size; back substitution is left to the host.

__global__ void Fan1(float *m, const float *a, int Size, int t) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= Size - 1 - t)
    return;
  int row = i + t + 1;
  m[Size * row + t] = a[Size * row + t] / a[Size * t + t];
}

__global__ void Fan2(const float *m, float *a, float *b, int Size, int t) {
  int x = blockIdx.x * blockDim.x + threadIdx.x; // row below the pivot
  int y = blockIdx.y * blockDim.y + threadIdx.y; // column from the pivot on
  if (x >= Size - 1 - t || y >= Size - t)
    return;
  int row = x + 1 + t;
  int col = y + t;
  float factor = m[Size * row + t];
  a[Size * row + col] -= factor * a[Size * t + col];
  if (y == 0)
    b[row] -= factor * b[t];
}
