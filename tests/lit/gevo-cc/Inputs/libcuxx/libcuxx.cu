// libcu++ on gevo's header, each result checked against plain code (a
// mismatch traps):
//  counters / check_counters: cuda::atomic_ref with device scope over
//    global words (fetch_add, fetch_sub, fetch_min, fetch_max, fetch_and,
//    fetch_or, fetch_xor, exchange, compare_exchange_strong / _weak, ++,
//    +=, an unsigned long long and a float), explicit memory orders, and a
//    __shared__ cuda::atomic<int, thread_scope_block>; a one-thread kernel
//    recomputes every counter serially;
//  std_utils: cuda::std::array, numeric_limits, max, pair, swap, the
//    type traits and the <bit> functions against loops.
// -DSTD_ONLY leaves the atomics out.
#include <cuda/atomic>
#include <cuda/std/array>
#include <cuda/std/bit>
#include <cuda/std/limits>
#include <cuda/std/type_traits>
#include <cuda/std/utility>

#define CHECK(C)                                                               \
  do {                                                                         \
    if (!(C))                                                                  \
      __trap();                                                                \
  } while (0)

#ifndef STD_ONLY // NVIDIA's seq_cst atomics are fence.sc PTX, not run yet
// c: 0 sum, 1 min, 2 max, 3 and, 4 or, 5 xor, 6 count of CAS loops' adds,
// 7 count of ++, 8-9 a 64-bit sum, 10 a float sum, 11 blocks' counts, 12
// the sum less what fetch_sub took.
__global__ void init_counters(int *c) {
  c[0] = 0, c[1] = cuda::std::numeric_limits<int>::max();
  c[2] = cuda::std::numeric_limits<int>::min(), c[3] = -1;
  for (int i = 4; i < 16; ++i)
    c[i] = 0;
}

__global__ void counters(int *c, const int *in, int n) {
  __shared__ cuda::atomic<int, cuda::thread_scope_block> inBlock;
  if (threadIdx.x == 0)
    inBlock.store(0, cuda::memory_order_relaxed);
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int v = in[i];
    using Ref = cuda::atomic_ref<int, cuda::thread_scope_device>;
    Ref(c[0]).fetch_add(v, cuda::memory_order_relaxed);
    Ref(c[1]).fetch_min(v);
    Ref(c[2]).fetch_max(v, cuda::std::memory_order_acq_rel);
    Ref(c[3]).fetch_and(~(1 << (v & 15)));
    Ref(c[4]).fetch_or(1 << (v & 15), cuda::memory_order_release);
    Ref(c[5]).fetch_xor(v);
    Ref cas(c[6]);
    int seen = cas.load(cuda::memory_order_acquire);
    while (!cas.compare_exchange_weak(seen, seen + 2, cuda::memory_order_acq_rel,
                                      cuda::memory_order_relaxed))
      ;
    seen = cas.load();
    while (!cas.compare_exchange_strong(seen, seen - 1))
      ;
    ++Ref(c[7]);
    cuda::atomic_ref<unsigned long long, cuda::thread_scope_device> wide(
        *(unsigned long long *)&c[8]);
    wide += 1ull << 33;
    cuda::atomic_ref<float, cuda::thread_scope_device>(*(float *)&c[10])
        .fetch_add(0.5f);
    Ref(c[12]).fetch_add(2 * v);
    Ref(c[12]).fetch_sub(v, cuda::memory_order_seq_cst);
    inBlock++;
    inBlock.fetch_add(1, cuda::memory_order_relaxed);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    int mine = inBlock.load(cuda::memory_order_acquire);
    int before = cuda::atomic_ref<int, cuda::thread_scope_device>(c[11])
                     .exchange(0, cuda::memory_order_acq_rel);
    cuda::atomic_ref<int, cuda::thread_scope_device>(c[11]).fetch_add(before + mine);
  }
}

__global__ void check_counters(const int *c, const int *in, int n) {
  int s = 0, lo = cuda::std::numeric_limits<int>::max();
  int hi = cuda::std::numeric_limits<int>::min(), a = -1, o = 0, x = 0;
  for (int i = 0; i < n; ++i) {
    lo = in[i] < lo ? in[i] : lo, hi = cuda::std::max(hi, in[i]);
    s += in[i], a &= ~(1 << (in[i] & 15)), o |= 1 << (in[i] & 15), x ^= in[i];
  }
  CHECK(c[0] == s && c[1] == lo && c[2] == hi && c[3] == a && c[4] == o &&
        c[5] == x);
  CHECK(c[6] == n && c[7] == n && c[11] == 2 * n && c[12] == s);
  CHECK(*(const unsigned long long *)&c[8] == (unsigned long long)n << 33);
  CHECK(*(const float *)&c[10] == 0.5f * n);
}
#endif

template <class T> __device__ int plainPopcount(T v) {
  int k = 0;
  for (; v; v >>= 1)
    k += v & 1;
  return k;
}
template <class T> __device__ int plainLeadingZeros(T v) {
  int k = 0;
  for (int b = 8 * sizeof(T) - 1; b >= 0 && !((v >> b) & 1); --b)
    ++k;
  return k;
}
template <class T> __device__ int plainTrailingZeros(T v) {
  int k = 0;
  for (; k < 8 * (int)sizeof(T) && !((v >> k) & 1); ++k)
    ;
  return k;
}

__global__ void std_utils(int *out, const unsigned *in) {
  unsigned v = in[threadIdx.x];
  unsigned long long w = (unsigned long long)v << (threadIdx.x % 32) | v;
  unsigned short h = (unsigned short)v;
  CHECK(cuda::std::popcount(v) == plainPopcount(v));
  CHECK(cuda::std::popcount(w) == plainPopcount(w));
  CHECK(cuda::std::countl_zero(v) == plainLeadingZeros(v));
  CHECK(cuda::std::countl_zero(h) == plainLeadingZeros(h));
  CHECK(cuda::std::countl_zero(w) == plainLeadingZeros(w));
  CHECK(cuda::std::countr_zero(v) == plainTrailingZeros(v));
  CHECK(cuda::std::countr_zero(w) == plainTrailingZeros(w));
  CHECK(cuda::std::bit_width(v) == 32 - plainLeadingZeros(v));
  CHECK(cuda::std::has_single_bit(v) == (plainPopcount(v) == 1));
  float f = (float)(int)v * 0.25f;
  CHECK(cuda::std::bit_cast<unsigned>(f) == __float_as_uint(f));

  cuda::std::array<int, 4> a{};
  static_assert(cuda::std::tuple_size<decltype(a)>::value == 4, "array size");
  for (int i = 0; i < (int)a.size(); ++i)
    a[i] = (int)(v >> (8 * i)) & 0xff;
  int sum = 0;
  for (int e : a)
    sum += e;
  CHECK(sum == (int)(v & 0xff) + (int)(v >> 8 & 0xff) + (int)(v >> 16 & 0xff) +
                   (int)(v >> 24));
  cuda::std::pair<int, int> p(a[0], a[3]);
  cuda::std::swap(p.first, p.second);
  CHECK(p.first == a[3] && p.second == a[0]);
  static_assert(cuda::std::is_same_v<cuda::std::conditional_t<true, int, float>, int>,
                "type traits");
  static_assert(cuda::std::numeric_limits<unsigned char>::max() == 255, "limits");
  CHECK(cuda::std::numeric_limits<float>::lowest() == -cuda::std::numeric_limits<float>::max());
  out[threadIdx.x] = sum + cuda::std::popcount(v);
}
