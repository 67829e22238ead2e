// A template kernel (one instance) and a C one.
template <typename T> __global__ void scale(T *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = x[i] * T(2);
}
template __global__ void scale<float>(float *, int);

extern "C" __global__ void offset(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = x[i] + 1;
}
