// Every device function gevo's CUDA header promises, called once, with the
// overloads CUDA code relies on.
#include <assert.h>

#define VECTOR_SUM(T, Name)                                                    \
  __device__ T sum_##Name(const Name##4 *v4) {                                 \
    Name##1 a = make_##Name##1(1);                                             \
    Name##2 b = make_##Name##2(1, 2);                                          \
    Name##3 c = make_##Name##3(1, 2, 3);                                       \
    Name##4 d = *v4;                                                           \
    return a.x + b.y + c.z + d.w;                                              \
  }
VECTOR_SUM(signed char, char)
VECTOR_SUM(unsigned char, uchar)
VECTOR_SUM(short, short)
VECTOR_SUM(unsigned short, ushort)
VECTOR_SUM(int, int)
VECTOR_SUM(unsigned int, uint)
VECTOR_SUM(long, long)
VECTOR_SUM(unsigned long, ulong)
VECTOR_SUM(long long, longlong)
VECTOR_SUM(unsigned long long, ulonglong)
VECTOR_SUM(float, float)
VECTOR_SUM(double, double)

static_assert(sizeof(float4) == 16 && alignof(float4) == 16, "float4");
static_assert(sizeof(float3) == 12 && alignof(float3) == 4, "float3");
static_assert(alignof(short2) == 4 && alignof(int2) == 8, "2-vectors");
static_assert(alignof(double2) == 16 && alignof(double4) == 16, "double");
static_assert(alignof(char4) == 4 && alignof(uchar2) == 2, "char");

__global__ void atomics(int *i, unsigned *u, unsigned long long *ull,
                        long long *ll, float *f, double *d) {
  atomicAdd(i, 1);
  atomicAdd(u, 1u);
  atomicAdd(ull, 1ull);
  atomicAdd(f, 1.0f);
  atomicAdd(d, 1.0);
  atomicAdd_block(i, 2);
  atomicAdd_system(f, 2.0f);
  atomicSub(i, 3);
  atomicSub(u, 3u);
  atomicExch(i, 4);
  atomicExch(u, 4u);
  atomicExch(ull, 4ull);
  atomicExch(f, 4.0f);
  atomicMin(i, 5);
  atomicMin(u, 5u);
  atomicMin(ll, 5ll);
  atomicMin(ull, 5ull);
  atomicMax(i, 6);
  atomicMax(u, 6u);
  atomicMax(ll, 6ll);
  atomicMax(ull, 6ull);
  atomicInc(u, 7u);
  atomicDec(u, 7u);
  atomicCAS(i, 8, 9);
  atomicCAS(u, 8u, 9u);
  atomicCAS(ull, 8ull, 9ull);
  atomicAnd(i, 10);
  atomicAnd(u, 10u);
  atomicAnd(ull, 10ull);
  atomicOr(i, 11);
  atomicOr(u, 11u);
  atomicOr(ull, 11ull);
  atomicXor(i, 12);
  atomicXor(u, 12u);
  atomicXor(ull, 12ull);
}

__global__ void warps(int *i, unsigned *u, float *f, double *d, long long *ll,
                      unsigned long long *ull, long *l) {
  int lane = threadIdx.x % warpSize;
  unsigned mask = __activemask();
  i[0] = __shfl_sync(mask, i[0], 0);
  u[0] = __shfl_up_sync(mask, u[0], 1);
  f[0] = __shfl_down_sync(mask, f[0], 2, 16);
  d[0] = __shfl_xor_sync(mask, d[0], 4);
  ll[0] = __shfl_sync(mask, ll[0], lane ^ 1);
  ull[0] = __shfl_down_sync(mask, ull[0], 1);
  l[0] = __shfl_up_sync(mask, l[0], 1);
  i[1] = __all_sync(mask, i[0] > 0) + __any_sync(mask, i[0] > 1) +
         __uni_sync(mask, i[0] > 2) + __popc(__ballot_sync(mask, i[0] > 3));
  __syncwarp();
  __syncwarp(mask);
  __syncthreads();
  i[2] = __syncthreads_count(lane) + __syncthreads_and(lane) +
         __syncthreads_or(lane);
  __threadfence();
  __threadfence_block();
  __threadfence_system();
}

__global__ void loads(const float *f, const float2 *f2, const float4 *f4,
                      const int *i, const int2 *i2, const int4 *i4,
                      const unsigned *u, const uint2 *u2, const uint4 *u4,
                      const double *d, const double2 *d2, const char *c,
                      const unsigned long long *ull, float *out) {
  float2 a = __ldg(f2);
  float4 b = __ldg(f4);
  int2 c2 = __ldg(i2);
  int4 c4 = __ldg(i4);
  uint2 e = __ldg(u2);
  uint4 g = __ldg(u4);
  double2 h = __ldg(d2);
  out[0] = __ldg(f) + a.y + b.w + __ldg(i) + c2.y + c4.w + __ldg(u) + e.y +
           g.w + __ldg(d) + h.y + __ldg(c) + __ldg(ull);
}

__global__ void intrinsics(unsigned *u, int *i, float *f) {
  u[0] = __brev(u[0]) + __clz(i[0]) + __ffs(i[0]) + __popc(u[0]) +
         __umul24(u[0], u[1]) + __umulhi(u[0], u[1]);
  i[0] = __mul24(i[0], i[1]) + __mulhi(i[0], i[1]);
  f[0] = __fdividef(f[0], f[1]) + __expf(f[0]) + __logf(f[1]) + __sinf(f[2]) +
         __cosf(f[3]) + __powf(f[0], f[1]) + __saturatef(f[2]) +
         __int_as_float(i[0]) + __float_as_int(f[0]);
}

__global__ void min_max(int *i, unsigned *u, long long *ll,
                        unsigned long long *ull, float *f, double *d) {
  i[0] = min(i[0], i[1]) + max(i[0], i[1]);
  u[0] = min(u[0], u[1]) + max(u[0], i[1]) + min(i[1], u[0]);
  ll[0] = min(ll[0], ll[1]) + max(ll[0], ll[1]);
  ull[0] = min(ull[0], ull[1]) + max(ull[0], ll[1]);
  f[0] = min(f[0], f[1]) + max(f[0], f[1]);
  d[0] = min(d[0], d[1]) + max(d[0], (float)f[1]) + min((float)f[0], d[1]);
}

__global__ void float_math(float *x) {
  float a = x[0], b = x[1];
  x[0] = sqrtf(a) + rsqrtf(a) + cbrtf(a) + expf(a) + exp2f(a) + expm1f(a) +
         logf(a) + log2f(a) + log10f(a) + log1pf(a) + powf(a, b) + sinf(a) +
         cosf(a) + tanf(a) + asinf(a) + acosf(a) + atanf(a) + atan2f(a, b) +
         sinhf(a) + coshf(a) + tanhf(a) + erff(a) + erfcf(a) + lgammaf(a) +
         tgammaf(a) + fabsf(a) + floorf(a) + ceilf(a) + roundf(a) + truncf(a) +
         rintf(a) + fminf(a, b) + fmaxf(a, b) + fmodf(a, b) + fmaf(a, b, a) +
         hypotf(a, b) + copysignf(a, b) + ldexpf(a, 2);
  float s, c;
  sincosf(b, &s, &c);
  x[1] = s + c + (isnan(a) ? 1.0f : 0.0f) + (isinf(b) ? 1.0f : 0.0f);
}

__global__ void double_math(double *x) {
  double a = x[0], b = x[1];
  x[0] = sqrt(a) + rsqrt(a) + cbrt(a) + exp(a) + exp2(a) + expm1(a) + log(a) +
         log2(a) + log10(a) + log1p(a) + pow(a, b) + sin(a) + cos(a) + tan(a) +
         asin(a) + acos(a) + atan(a) + atan2(a, b) + sinh(a) + cosh(a) +
         tanh(a) + erf(a) + erfc(a) + lgamma(a) + tgamma(a) + fabs(a) +
         floor(a) + ceil(a) + round(a) + trunc(a) + fmin(a, b) + fmax(a, b) +
         fmod(a, b) + fma(a, b, a) + hypot(a, b) + copysign(a, b) +
         std::sqrt(a) + std::pow(a, 2);
}

__global__ void device_runtime(int n) {
  int *p = (int *)malloc(n * sizeof(int));
  assert(p != nullptr);
  printf("thread %d of %d: %p\n", threadIdx.x, blockDim.x, p);
  free(p);
  dim3 t = threadIdx, b = blockIdx, bd = blockDim, g = gridDim;
  uint3 u = threadIdx;
  if (t.x + b.y + bd.z + g.x + u.y == 7)
    __trap();
}
