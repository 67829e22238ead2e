//===- cub/thread/thread_operators.cuh - gevo's CUB operators -*- C++ -*-===//
//
// The reduction functors CUB code passes: cub::Sum, cub::Max, cub::Min
// (CUB 2's; CUB 3, in CUDA 13, dropped them for libcu++'s), cub::ArgMax and
// cub::ArgMin over cub::KeyValuePair (the larger, or smaller, value; of
// equal ones, the smaller key: the first occurrence), and libcu++'s
// cuda::maximum / cuda::minimum (typed or transparent), which CUB 3 code
// uses and which NVIDIA's <cub/cub.cuh> brings in. Not here: the rest of
// <cuda/functional> and cuda::std's function objects.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_STUB_CUB_THREAD_OPERATORS_CUH
#define GEVO_STUB_CUB_THREAD_OPERATORS_CUH

namespace cub {
struct Sum {
  template <class A, class B>
  __host__ __device__ auto operator()(const A &X, const B &Y) const {
    return X + Y;
  }
};
struct Max {
  template <class A, class B>
  __host__ __device__ auto operator()(const A &X, const B &Y) const {
    return X < Y ? Y : X;
  }
};
struct Min {
  template <class A, class B>
  __host__ __device__ auto operator()(const A &X, const B &Y) const {
    return Y < X ? Y : X;
  }
};

/// A key (an offset, for ArgMax/ArgMin) with its value.
template <class K, class V> struct KeyValuePair {
  using Key = K;
  using Value = V;
  Key key;
  Value value;
  KeyValuePair() = default;
  __host__ __device__ KeyValuePair(const Key &K1, const Value &V1)
      : key(K1), value(V1) {}
  __host__ __device__ bool operator!=(const KeyValuePair &B) const {
    return value != B.value || key != B.key;
  }
};

struct ArgMax {
  template <class K, class V>
  __host__ __device__ KeyValuePair<K, V>
  operator()(const KeyValuePair<K, V> &A, const KeyValuePair<K, V> &B) const {
    return B.value > A.value || (B.value == A.value && B.key < A.key) ? B : A;
  }
};
struct ArgMin {
  template <class K, class V>
  __host__ __device__ KeyValuePair<K, V>
  operator()(const KeyValuePair<K, V> &A, const KeyValuePair<K, V> &B) const {
    return B.value < A.value || (B.value == A.value && B.key < A.key) ? B : A;
  }
};
} // namespace cub

#include <cuda/functional> // cuda::maximum and cuda::minimum

#endif
