// The cache-hinted loads and stores (__ldcs, __ldcg, __ldca, __ldlu, __ldcv,
// __stcs, __stcg, __stwb, __stwt) on scalar and vector types, as streaming
// kernels use them (an int4 of eight bf16 values), each checked against a
// plain access: a mismatch traps. With NVIDIA's headers they come from
// include/nvidia/cache_hints.h. -DWRONG stores a wrong value (the check
// traps); every function on every type is instantiated in `all`, for ptxas.
#include <cuda_bf16.h>
#include <cuda_runtime.h>
#define SAME(A, B)                                                             \
  if ((A) != (B))                                                              \
    __trap();

extern "C" __global__ void hinted(const int *in, int *out) {
  unsigned t = threadIdx.x;
  const int4 *in4 = reinterpret_cast<const int4 *>(in);
  int4 a = __ldcs(in4 + t / 4);
  SAME(a.x, in[t / 4 * 4])
  SAME(a.w, in[t / 4 * 4 + 3])
  SAME(__ldcg(in + t), in[t])
  SAME(__ldca(in + t), in[t])
  SAME(__ldlu(in + t), in[t])
  SAME(__ldcv(in + t), in[t])
  const float *inf = reinterpret_cast<const float *>(in);
  float2 f2 = __ldcs(reinterpret_cast<const float2 *>(inf) + t / 2);
  SAME(__float_as_int(f2.y), in[t / 2 * 2 + 1]) // bits: some are NaNs
  const char *inc = reinterpret_cast<const char *>(in);
  SAME(__ldcs(inc + t), inc[t])
  SAME(__ldcg(reinterpret_cast<const unsigned char *>(inc) + t),
       (unsigned char)inc[t])
  SAME(__ldcs(reinterpret_cast<const short *>(in) + t),
       reinterpret_cast<const short *>(in)[t])
  const long long *inl = reinterpret_cast<const long long *>(in);
  SAME(__ldcs(inl + t / 2), inl[t / 2])
  const __nv_bfloat16 *inb = reinterpret_cast<const __nv_bfloat16 *>(in);
  SAME(__bfloat16_as_ushort(__ldcs(inb + t)), __bfloat16_as_ushort(inb[t]))

  __stcs(out + t, in[t] + 1);
  __stcg(out + 64 + t, in[t] + 2);
  __stwb(out + 128 + t, in[t] + 3);
#ifdef WRONG
  __stwt(out + 192 + t, in[t] + 5);
#else
  __stwt(out + 192 + t, in[t] + 4);
#endif
  if (t % 4 == 0)
    __stcs(reinterpret_cast<int4 *>(out + 256) + t / 4,
           make_int4(in[t], in[t + 1], in[t + 2], in[t + 3]));
  __syncthreads();
  SAME(out[t], in[t] + 1)
  SAME(out[64 + t], in[t] + 2)
  SAME(out[128 + t], in[t] + 3)
  SAME(out[192 + t], in[t] + 4)
  SAME(out[256 + t], in[t])
}

// Every function on every type, for ptxas.
#define EACH(T)                                                                \
  {                                                                            \
    T *p = reinterpret_cast<T *>(buf) + threadIdx.x;                           \
    T v = __ldcg(p);                                                           \
    v = __ldca(p + 1);                                                         \
    __stwb(p, v);                                                              \
    v = __ldcs(p + 2);                                                         \
    __stcg(p + 1, v);                                                          \
    v = __ldlu(p + 3);                                                         \
    __stcs(p + 2, v);                                                          \
    v = __ldcv(p + 4);                                                         \
    __stwt(p + 3, v);                                                          \
  }
extern "C" __global__ void all(double2 *buf) {
  EACH(char) EACH(signed char) EACH(unsigned char) EACH(short)
  EACH(unsigned short) EACH(int) EACH(unsigned int) EACH(long)
  EACH(unsigned long) EACH(long long) EACH(unsigned long long) EACH(float)
  EACH(double) EACH(char2) EACH(char4) EACH(uchar2) EACH(uchar4)
  EACH(short2) EACH(short4) EACH(ushort2) EACH(ushort4) EACH(int2) EACH(int4)
  EACH(uint2) EACH(uint4) EACH(longlong2) EACH(ulonglong2) EACH(float2)
  EACH(float4) EACH(double2)
}
