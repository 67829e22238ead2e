// min and max as CUDA files call them: in device code on mixed integer and
// floating types (each result checked against plain code: a mismatch
// traps), and in host code, which nvcc accepts and clang 19 with NVIDIA's
// headers did not (include/nvidia/host_min_max.h).
#include <cuda_runtime.h>
#define SAME(A, B)                                                             \
  if ((A) != (B))                                                              \
    __trap();

extern "C" __global__ void mixed(const int *in, float *out) {
  int i = in[threadIdx.x] - 16;                  // -16 .. 15
  unsigned u = unsigned(in[threadIdx.x + 1]);    // 0 .. 31
  long long ll = (long long)i * 3000000000ll;
  unsigned long long ull = u * 5000000000ull;
  long l = i * 7l;
  float f = i * 0.5f;
  double d = u * 0.25;
  SAME(min(i, u), (unsigned)i < u ? (unsigned)i : u)
  SAME(max(u, i), (unsigned)i > u ? (unsigned)i : u)
  SAME(min(ll, ll + i), i < 0 ? ll + i : ll)
  SAME(max(ll, (long long)ull), ll > (long long)ull ? ll : (long long)ull)
  SAME(min(ull, ll), (unsigned long long)ll < ull ? (unsigned long long)ll : ull)
  SAME(max(l, 3l), l > 3 ? l : 3)
  SAME(min(f, d), (double)f < d ? (double)f : d)
  SAME(max(d, f), (double)f > d ? (double)f : d)
  SAME(min(f, 1.5f), f < 1.5f ? f : 1.5f)
  SAME(max(i, 2), i > 2 ? i : 2)
  out[threadIdx.x] = min(f, d) + max(i, u);
}

int main() {
  int n = 1000, threads = 256;
  unsigned limit = 64;
  long long big = 1ll << 40;
  int blocks = min((n + threads - 1) / threads, 65535);
  unsigned grid = max(limit, 1u) + min(n, limit);
  double scale = max(1.0f, 0.5) + min(big, 3ll);
  mixed<<<blocks * grid, threads>>>(nullptr, nullptr);
  return scale > 0 ? 0 : 1;
}
