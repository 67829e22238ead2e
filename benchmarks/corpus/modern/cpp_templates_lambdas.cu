// Modern C++ in device code: a variadic constexpr fold, if constexpr over
// std:: type traits, a functor and generic lambdas passed to a templated
// transform-reduce, cuda::std::numeric_limits and cuda::std::array, a
// struct with operator overloads. Each result checked against a
// hand-written loop, some at compile time with static_assert.
#include "check.h"
#include <cuda/std/array>
#include <cuda/std/limits>
#include <type_traits>

template <class... Ts> constexpr __host__ __device__ int sumAll(Ts... xs) {
  return (xs + ... + 0);
}
static_assert(sumAll(1, 2, 3, 4) == 10, "fold");

constexpr __host__ __device__ unsigned ceilPow2(unsigned x) {
  unsigned p = 1;
  while (p < x)
    p <<= 1;
  return p;
}
static_assert(ceilPow2(100) == 128, "constexpr loop");

struct Complex {
  float re, im;
  __device__ Complex operator*(Complex o) const {
    return {re * o.re - im * o.im, re * o.im + im * o.re};
  }
  __device__ Complex operator+(Complex o) const { return {re + o.re, im + o.im}; }
};

template <class T> __device__ T convertScaled(float x) {
  if constexpr (std::is_integral<T>::value)
    return x < 0 ? cuda::std::numeric_limits<T>::lowest() / 2 : (T)(x * 100);
  else
    return (T)x * T(2);
}

template <class T, class Map, class Combine>
__device__ T transformReduce(const float *x, int n, T init, Map map, Combine combine) {
  for (int i = 0; i < n; ++i)
    init = combine(init, map(x[i]));
  return init;
}

struct Square {
  __device__ float operator()(float v) const { return v * v; }
};

__global__ void cpp_features(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const float *row = in + i * 8;
  auto add = [](auto a, auto b) { return a + b; };
  float sq = transformReduce(row, 8, 0.0f, Square{}, add);
  float plain = 0.0f;
  for (int k = 0; k < 8; ++k)
    plain += row[k] * row[k];
  CHECK(sq == plain);
  int big = transformReduce(row, 8, 0, [](float v) { return v > 0 ? 1 : 0; }, add);
  int count = 0;
  for (int k = 0; k < 8; ++k)
    count += row[k] > 0;
  CHECK(big == count);
  cuda::std::array<Complex, 4> zs{};
  for (int k = 0; k < 4; ++k)
    zs[k] = {row[2 * k], row[2 * k + 1]};
  Complex prod{1, 0};
  for (const Complex &z : zs)
    prod = prod * z + Complex{0, 0};
  float re = 1, im = 0;
  for (int k = 0; k < 4; ++k) {
    float r = re * row[2 * k] - im * row[2 * k + 1];
    im = re * row[2 * k + 1] + im * row[2 * k];
    re = r;
  }
  CHECK(prod.re == re && prod.im == im);
  CHECK(convertScaled<double>(row[0]) == 2.0 * row[0]);
  CHECK(convertScaled<int>(-1.0f) == cuda::std::numeric_limits<int>::min() / 2);
  CHECK(sumAll(i, 1, 2) == i + 3 && ceilPow2(i + 1) >= unsigned(i + 1));
  out[i] = sq + big + prod.re;
}
