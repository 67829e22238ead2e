// Double-precision kernels built on libdevice math: Black-Scholes option
// pricing (log, sqrt, exp, erfc) and a damped driven oscillator (pow, sin,
// cos, exp). Math calls compile to __nv_* calls that gevo-cc leaves as
// declarations; libdevice is linked only when lowering to PTX.
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

__device__ double normalCdf(double d) { return 0.5 * erfc(-d * M_SQRT1_2); }

__global__ void black_scholes(const double *spot, const double *strike,
                              const double *years, double *call, double *put,
                              int n, double rate, double volatility) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  double s = spot[i], k = strike[i], t = years[i];
  double sqrtT = sqrt(t);
  double d1 = (log(s / k) + (rate + 0.5 * volatility * volatility) * t) /
              (volatility * sqrtT);
  double d2 = d1 - volatility * sqrtT;
  double discount = exp(-rate * t);
  call[i] = s * normalCdf(d1) - k * discount * normalCdf(d2);
  put[i] = k * discount * normalCdf(-d2) - s * normalCdf(-d1);
}

__global__ void damped_oscillator(const double *time, double *position, int n,
                                  double omega, double damping,
                                  double exponent) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  double t = time[i];
  double envelope = exp(-damping * t) * pow(1.0 + t, -exponent);
  position[i] = envelope * (cos(omega * t) + 0.25 * sin(2.0 * omega * t));
}

int main() {
  const int n = 100000;
  size_t bytes = n * sizeof(double);
  double *h[5];
  for (int j = 0; j < 5; ++j)
    h[j] = (double *)malloc(bytes);
  for (int i = 0; i < n; ++i) {
    h[0][i] = 50.0 + (i % 100);
    h[1][i] = 40.0 + (i % 70);
    h[2][i] = 0.25 + (i % 8) * 0.25;
  }

  double *d_spot, *d_strike, *d_years, *d_call, *d_put, *d_pos;
  cudaMalloc(&d_spot, bytes);
  cudaMalloc(&d_strike, bytes);
  cudaMalloc(&d_years, bytes);
  cudaMalloc(&d_call, bytes);
  cudaMalloc(&d_put, bytes);
  cudaMalloc(&d_pos, bytes);
  cudaMemcpy(d_spot, h[0], bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_strike, h[1], bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_years, h[2], bytes, cudaMemcpyHostToDevice);

  int threads = 128, blocks = (n + threads - 1) / threads;
  black_scholes<<<blocks, threads>>>(d_spot, d_strike, d_years, d_call, d_put,
                                     n, 0.02, 0.3);
  damped_oscillator<<<blocks, threads>>>(d_years, d_pos, n, 6.0, 0.4, 1.5);
  cudaMemcpy(h[3], d_call, bytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(h[4], d_pos, bytes, cudaMemcpyDeviceToHost);

  double callSum = 0, posSum = 0;
  for (int i = 0; i < n; ++i) {
    callSum += h[3][i];
    posSum += h[4][i];
  }
  printf("mean call %.4f, mean position %.6f\n", callSum / n, posSum / n);
  cudaFree(d_spot);
  cudaFree(d_strike);
  cudaFree(d_years);
  cudaFree(d_call);
  cudaFree(d_put);
  cudaFree(d_pos);
  for (int j = 0; j < 5; ++j)
    free(h[j]);
  return 0;
}
