//===- gevo_cuda/atomic_std.h - libcu++'s cuda:: basics -------*- C++ -*-===//
//
// What every libcu++ header of gevo's needs: cuda::thread_scope
// (thread_scope_system, _device, _block, _thread), cuda::std::memory_order
// with its memory_order_* constants (also as cuda::memory_order_*), and
// cuda::std forwarding to the C++ library clang compiles against (its
// constexpr functions and class templates are usable in device code:
// cuda::std::array, numeric_limits, min, max, pair, the type traits), swap
// and exchange as device functions (not constexpr in C++17), plus
// the C++20 bit functions libcu++ offers in C++17 (popcount, countl_zero,
// countr_zero, has_single_bit, bit_width, bit_cast). Not here: cuda::std's
// own atomics, chrono, complex, tuple beyond std's, mdspan.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_CUDA_ATOMIC_STD_H
#define GEVO_CUDA_ATOMIC_STD_H

#include <algorithm> // min and max, which libcu++'s headers all bring
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace cuda {
enum thread_scope {
  thread_scope_system = 0,
  thread_scope_device = 1,
  thread_scope_block = 2,
  thread_scope_thread = 3
};

namespace std {
using namespace ::std;

enum class memory_order : int { relaxed, consume, acquire, release, acq_rel, seq_cst };
inline constexpr memory_order memory_order_relaxed = memory_order::relaxed;
inline constexpr memory_order memory_order_consume = memory_order::consume;
inline constexpr memory_order memory_order_acquire = memory_order::acquire;
inline constexpr memory_order memory_order_release = memory_order::release;
inline constexpr memory_order memory_order_acq_rel = memory_order::acq_rel;
inline constexpr memory_order memory_order_seq_cst = memory_order::seq_cst;

// C++17's std::swap and std::exchange are not constexpr, so not device
// functions; libcu++'s are.
template <class T>
__host__ __device__ constexpr void swap(T &a, T &b) noexcept {
  T t = static_cast<T &&>(a);
  a = static_cast<T &&>(b);
  b = static_cast<T &&>(t);
}
template <class T, class U = T>
__host__ __device__ constexpr T exchange(T &obj, U &&v) {
  T old = static_cast<T &&>(obj);
  obj = static_cast<U &&>(v);
  return old;
}

// <bit>, for unsigned types.
template <class T>
using __gevo_if_unsigned = enable_if_t<is_unsigned_v<T>, int>;
template <class T, __gevo_if_unsigned<T> = 0>
__host__ __device__ constexpr int popcount(T x) noexcept {
  return sizeof(T) <= 4 ? __builtin_popcount(x) : __builtin_popcountll(x);
}
template <class T, __gevo_if_unsigned<T> = 0>
__host__ __device__ constexpr int countl_zero(T x) noexcept {
  if (!x)
    return 8 * sizeof(T);
  return sizeof(T) <= 4 ? __builtin_clz(x) - 8 * (4 - (int)sizeof(T))
                        : __builtin_clzll(x);
}
template <class T, __gevo_if_unsigned<T> = 0>
__host__ __device__ constexpr int countr_zero(T x) noexcept {
  if (!x)
    return 8 * sizeof(T);
  return sizeof(T) <= 4 ? __builtin_ctz(x) : __builtin_ctzll(x);
}
template <class T, __gevo_if_unsigned<T> = 0>
__host__ __device__ constexpr bool has_single_bit(T x) noexcept {
  return x && !(x & (x - 1));
}
template <class T, __gevo_if_unsigned<T> = 0>
__host__ __device__ constexpr int bit_width(T x) noexcept {
  return 8 * (int)sizeof(T) - countl_zero(x);
}
template <class To, class From>
__host__ __device__ constexpr To bit_cast(const From &from) noexcept {
  static_assert(sizeof(To) == sizeof(From), "bit_cast between sizes");
  return __builtin_bit_cast(To, from);
}
} // namespace std

using std::memory_order;
using std::memory_order_acq_rel;
using std::memory_order_acquire;
using std::memory_order_consume;
using std::memory_order_relaxed;
using std::memory_order_release;
using std::memory_order_seq_cst;
} // namespace cuda

#endif // GEVO_CUDA_ATOMIC_STD_H
