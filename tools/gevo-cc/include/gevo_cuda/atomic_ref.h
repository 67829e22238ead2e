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
// target's race judge reads (orders as LLVM atomic orderings). Not here:
// wait / notify, cuda::atomic_flag, fetch_min/max on floats.
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
__host__ __device__ constexpr int failOrder(memory_order o) {
  return o == memory_order_acq_rel   ? __ATOMIC_ACQUIRE
         : o == memory_order_release ? __ATOMIC_RELAXED
                                     : order(o);
}

/// The operations, on the object at P (atomic_ref's referent, atomic's
/// member). D is the difference type of fetch_add.
template <class T, class Derived> class atomic_ops {
  __device__ T *ptr() const { return static_cast<const Derived *>(this)->__ptr(); }

public:
  using value_type = T;
  static constexpr bool is_always_lock_free = sizeof(T) <= 8;
  __device__ bool is_lock_free() const noexcept { return is_always_lock_free; }

  __device__ T load(memory_order o = memory_order_seq_cst) const noexcept {
    return __atomic_load_n(ptr(), order(o));
  }
  __device__ void store(T v, memory_order o = memory_order_seq_cst) const noexcept {
    __atomic_store_n(ptr(), v, order(o));
  }
  __device__ operator T() const noexcept { return load(); }
  __device__ T exchange(T v, memory_order o = memory_order_seq_cst) const noexcept {
    return __atomic_exchange_n(ptr(), v, order(o));
  }
  __device__ bool compare_exchange_strong(T &expected, T desired, memory_order s,
                                          memory_order f) const noexcept {
    return __atomic_compare_exchange_n(ptr(), &expected, desired, false,
                                       order(s), order(f));
  }
  __device__ bool compare_exchange_strong(
      T &expected, T desired, memory_order o = memory_order_seq_cst) const noexcept {
    return __atomic_compare_exchange_n(ptr(), &expected, desired, false,
                                       order(o), failOrder(o));
  }
  __device__ bool compare_exchange_weak(T &expected, T desired, memory_order s,
                                        memory_order f) const noexcept {
    return __atomic_compare_exchange_n(ptr(), &expected, desired, true,
                                       order(s), order(f));
  }
  __device__ bool compare_exchange_weak(
      T &expected, T desired, memory_order o = memory_order_seq_cst) const noexcept {
    return __atomic_compare_exchange_n(ptr(), &expected, desired, true,
                                       order(o), failOrder(o));
  }

  // Arithmetic (integers, floats, pointers in units of the pointee).
  template <class D>
  __device__ T fetch_add(D d, memory_order o = memory_order_seq_cst) const noexcept {
    if constexpr (std::is_pointer_v<T>)
      return __atomic_fetch_add(ptr(), d * sizeof(*T()), order(o));
    else
      return __atomic_fetch_add(ptr(), (T)d, order(o));
  }
  template <class D>
  __device__ T fetch_sub(D d, memory_order o = memory_order_seq_cst) const noexcept {
    if constexpr (std::is_pointer_v<T>)
      return __atomic_fetch_sub(ptr(), d * sizeof(*T()), order(o));
    else
      return __atomic_fetch_sub(ptr(), (T)d, order(o));
  }
#define __GEVO_ATOMIC_BITS(NAME, BUILTIN)                                      \
  __device__ T NAME(T v, memory_order o = memory_order_seq_cst) const noexcept {\
    static_assert(std::is_integral_v<T>, #NAME " needs an integer type");      \
    return BUILTIN(ptr(), v, order(o));                                        \
  }
  __GEVO_ATOMIC_BITS(fetch_and, __atomic_fetch_and)
  __GEVO_ATOMIC_BITS(fetch_or, __atomic_fetch_or)
  __GEVO_ATOMIC_BITS(fetch_xor, __atomic_fetch_xor)
  __GEVO_ATOMIC_BITS(fetch_min, __atomic_fetch_min)
  __GEVO_ATOMIC_BITS(fetch_max, __atomic_fetch_max)
#undef __GEVO_ATOMIC_BITS

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
