//===- gevo_cuda/atomic_ref.h - cuda::atomic_ref, cuda::atomic -*- C++ -*-===//
//
// libcu++'s scoped atomics on gevo's header: cuda::atomic_ref<T, Scope> and
// cuda::atomic<T, Scope> (also cuda::std::atomic_ref / atomic, system
// scope) for integers, floats and pointers: load, store, exchange,
// compare_exchange_strong / _weak, fetch_add, fetch_sub, and for integers
// fetch_and, fetch_or, fetch_xor, fetch_min, fetch_max, with explicit
// memory orders and the operators (++, --, +=, -=, &=, |=, ^=, conversion).
// cuda::atomic is trivially default-constructible, so it can be __shared__.
//
// Every scope is served by the C++ atomic builtins, which are system scope:
// stronger than a block or device scope asks, so correct, and what the cpu
// target's race judge reads (orders as LLVM atomic orderings). LLVM 19's
// NVPTX ignores those orderings, so __threadfence() gives them to the GPU;
// an ordered load is a fetch_or of 0 (LLVM 19 cannot select an acquire
// load), so it needs writable memory. Not here: wait / notify,
// cuda::atomic_flag, fetch_min/max on floats, 1- and 2-byte types.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_CUDA_ATOMIC_REF_H
#define GEVO_CUDA_ATOMIC_REF_H

#include "atomic_std.h"

namespace cuda {
namespace __gevo {
__host__ __device__ constexpr int order(memory_order o) {
  return o == memory_order_relaxed   ? __ATOMIC_RELAXED
         : o == memory_order_consume ? __ATOMIC_CONSUME
         : o == memory_order_acquire ? __ATOMIC_ACQUIRE
         : o == memory_order_release ? __ATOMIC_RELEASE
         : o == memory_order_acq_rel ? __ATOMIC_ACQ_REL
                                     : __ATOMIC_SEQ_CST;
}
// The order of a compare-exchange's failed load: no release part.
__host__ __device__ constexpr memory_order failOrder(memory_order o) {
  return o == memory_order_acq_rel   ? memory_order_acquire
         : o == memory_order_release ? memory_order_relaxed
                                     : o;
}
__host__ __device__ constexpr bool releases(memory_order o) {
  return o == memory_order_release || o == memory_order_acq_rel ||
         o == memory_order_seq_cst;
}
__host__ __device__ constexpr bool acquires(memory_order o) {
  return o != memory_order_relaxed && o != memory_order_release;
}
// LLVM 19's NVPTX emits every atomic as a relaxed PTX atom (and cannot
// select an ordered atomic load): the fences give the GPU the order, the
// IR's orderings give it the cpu target's judge.
__device__ __forceinline__ void before(memory_order o) {
  if (releases(o))
    __threadfence();
}
__device__ __forceinline__ void after(memory_order o) {
  if (acquires(o))
    __threadfence();
}
template <class T>
using bits_t = std::conditional_t<sizeof(T) == 8, unsigned long long, unsigned>;

/// The operations, on the object Derived::__ptr() points to.
template <class T, class Derived> class atomic_ops {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "4- or 8-byte atomics only");
  using U = bits_t<T>;
  __device__ T *ptr() const { return static_cast<const Derived *>(this)->__ptr(); }
  __device__ U *bits() const { return reinterpret_cast<U *>(ptr()); }
  __device__ static U toBits(T v) { return __builtin_bit_cast(U, v); }
  __device__ static T fromBits(U v) { return __builtin_bit_cast(T, v); }

public:
  using value_type = T;
  static constexpr bool is_always_lock_free = true;
  __device__ bool is_lock_free() const noexcept { return true; }

  // An ordered load is an RMW that changes nothing (see above).
  __device__ T load(memory_order o = memory_order_seq_cst) const noexcept {
    if (o == memory_order_relaxed)
      return fromBits(__atomic_load_n(bits(), __ATOMIC_RELAXED));
    before(o);
    U v = __atomic_fetch_or(bits(), U(0), order(o));
    after(o);
    return fromBits(v);
  }
  __device__ void store(T v, memory_order o = memory_order_seq_cst) const noexcept {
    if (o == memory_order_relaxed)
      return __atomic_store_n(bits(), toBits(v), __ATOMIC_RELAXED);
    exchange(v, o);
  }
  __device__ operator T() const noexcept { return load(); }
  __device__ T exchange(T v, memory_order o = memory_order_seq_cst) const noexcept {
    before(o);
    U r = __atomic_exchange_n(bits(), toBits(v), order(o));
    after(o);
    return fromBits(r);
  }
  __device__ bool compare_exchange_strong(T &expected, T desired, memory_order s,
                                          memory_order f) const noexcept {
    U e = toBits(expected);
    before(s);
    bool ok = __atomic_compare_exchange_n(bits(), &e, toBits(desired), false,
                                          order(s), order(f));
    after(ok ? s : f);
    expected = fromBits(e);
    return ok;
  }
  __device__ bool compare_exchange_strong(
      T &expected, T desired, memory_order o = memory_order_seq_cst) const noexcept {
    return compare_exchange_strong(expected, desired, o, failOrder(o));
  }
  // A strong one is a weak one that never fails spuriously.
  __device__ bool compare_exchange_weak(T &expected, T desired, memory_order s,
                                        memory_order f) const noexcept {
    return compare_exchange_strong(expected, desired, s, f);
  }
  __device__ bool compare_exchange_weak(
      T &expected, T desired, memory_order o = memory_order_seq_cst) const noexcept {
    return compare_exchange_strong(expected, desired, o, failOrder(o));
  }

  // Read-modify-writes (integers; fetch_add / fetch_sub also floats and
  // pointers, in units of the pointee).
  template <class D> __device__ static auto step(D d) {
    if constexpr (std::is_pointer_v<T>)
      return (ptrdiff_t)d * (ptrdiff_t)sizeof(std::remove_pointer_t<T>);
    else
      return (T)d;
  }
#define __GEVO_ATOMIC_RMW(NAME, BUILTIN, VALUE)                           \
  template <class D>                                                           \
  __device__ T NAME(D d, memory_order o = memory_order_seq_cst) const noexcept {\
    before(o);                                                                 \
    T r = BUILTIN(ptr(), VALUE, order(o));                                     \
    after(o);                                                                  \
    return r;                                                                  \
  }
  __GEVO_ATOMIC_RMW(fetch_add, __atomic_fetch_add, step(d))
  __GEVO_ATOMIC_RMW(fetch_sub, __atomic_fetch_sub, step(d))
  __GEVO_ATOMIC_RMW(fetch_and, __atomic_fetch_and, (T)d)
  __GEVO_ATOMIC_RMW(fetch_or, __atomic_fetch_or, (T)d)
  __GEVO_ATOMIC_RMW(fetch_xor, __atomic_fetch_xor, (T)d)
  __GEVO_ATOMIC_RMW(fetch_min, __atomic_fetch_min, (T)d)
  __GEVO_ATOMIC_RMW(fetch_max, __atomic_fetch_max, (T)d)
#undef __GEVO_ATOMIC_RMW

  template <class D> __device__ T operator+=(D d) const noexcept { return fetch_add(d) + d; }
  template <class D> __device__ T operator-=(D d) const noexcept { return fetch_sub(d) - d; }
  __device__ T operator&=(T v) const noexcept { return fetch_and(v) & v; }
  __device__ T operator|=(T v) const noexcept { return fetch_or(v) | v; }
  __device__ T operator^=(T v) const noexcept { return fetch_xor(v) ^ v; }
  __device__ T operator++() const noexcept { return fetch_add(1) + 1; }
  __device__ T operator++(int) const noexcept { return fetch_add(1); }
  __device__ T operator--() const noexcept { return fetch_sub(1) - 1; }
  __device__ T operator--(int) const noexcept { return fetch_sub(1); }
};
} // namespace __gevo

template <class T, thread_scope Scope = thread_scope_system>
class atomic_ref : public __gevo::atomic_ops<T, atomic_ref<T, Scope>> {
  T *P;

public:
  static constexpr size_t required_alignment = alignof(T);
  __device__ explicit atomic_ref(T &obj) : P(&obj) {}
  __device__ atomic_ref(const atomic_ref &) noexcept = default;
  atomic_ref &operator=(const atomic_ref &) = delete;
  __device__ T operator=(T v) const noexcept { this->store(v); return v; }
  __device__ T *__ptr() const { return P; }
};

template <class T, thread_scope Scope = thread_scope_system>
class atomic : public __gevo::atomic_ops<T, atomic<T, Scope>> {
  mutable T V;

public:
  atomic() noexcept = default; // trivial: a __shared__ atomic is allowed
  __host__ __device__ constexpr atomic(T v) noexcept : V(v) {}
  atomic(const atomic &) = delete;
  atomic &operator=(const atomic &) = delete;
  __device__ T operator=(T v) noexcept { this->store(v); return v; }
  __device__ T *__ptr() const { return &V; }
};

namespace std {
template <class T> using atomic_ref = ::cuda::atomic_ref<T, thread_scope_system>;
template <class T> using atomic = ::cuda::atomic<T, thread_scope_system>;
} // namespace std
} // namespace cuda

#endif // GEVO_CUDA_ATOMIC_REF_H
