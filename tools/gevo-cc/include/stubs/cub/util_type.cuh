//===- cub/util_type.cuh - gevo's CUB: shared helpers --------*- C++ -*-===//
//
// What gevo's CUB headers share: cub::NullType, the row-major thread rank
// of a BLOCK_DIM_X x Y x Z block, raw shared slots for TempStorage (so that
// a TempStorage is trivial and may live in __shared__ unions), the base
// holding a block collective's TempStorage and rank, shuffles of any
// trivially copyable value (gevo_cuda/cg_shuffle.h), and radix sort's key
// twiddling (signed and floating keys as unsigned bits that order the
// same). Not here: CUB's iterators, Traits, Uninitialized, the device-wide
// (cub::Device*) algorithms.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_STUB_CUB_UTIL_TYPE_CUH
#define GEVO_STUB_CUB_UTIL_TYPE_CUH

#include <type_traits>

#include "../../gevo_cuda/cg_shuffle.h"

#define __GEVO_CUB __device__ __forceinline__

namespace cub {

struct NullType {};

/// Lane of the calling thread in its warp.
__GEVO_CUB unsigned LaneId() { return __nvvm_read_ptx_sreg_laneid(); }

namespace __gevo {

template <int X, int Y, int Z> __GEVO_CUB int linearTid() {
  return (Z == 1 ? 0 : threadIdx.z * X * Y) + (Y == 1 ? 0 : threadIdx.y * X) +
         threadIdx.x;
}

/// N uninitialised values of T: a trivial type for TempStorage.
template <class T, int N> struct Slots {
  alignas(T) unsigned char Bytes[sizeof(T) * N];
  __GEVO_CUB T &operator[](int I) { return reinterpret_cast<T *>(Bytes)[I]; }
};

/// What a block collective holds: its TempStorage (the caller's, or with
/// the default constructor a private __shared__ one, as CUB's) and the
/// calling thread's row-major rank in an X x Y x Z block.
template <class Storage, int X, int Y, int Z> class BlockCollective {
protected:
  __GEVO_CUB BlockCollective() : S(privateStorage()) {}
  __GEVO_CUB BlockCollective(Storage &Caller) : S(Caller) {}
  Storage &S;
  int Tid = linearTid<X, Y, Z>();

private:
  __GEVO_CUB static Storage &privateStorage() {
    __shared__ Storage Private;
    return Private;
  }
};

/// The lanes of the calling thread's logical warp of W lanes.
template <int W> __GEVO_CUB unsigned warpMask() {
  return W >= 32 ? ~0u : ((1u << W % 32) - 1) << (LaneId() / W * W);
}

/// The start of the logical-warp collective Name<T, LOGICAL_WARP_THREADS>:
/// W, the check that it is a power of two up to 32, the lanes' Mask, an
/// empty TempStorage (shuffles need no memory) and the constructor.
#define __GEVO_CUB_LOGICAL_WARP(Name)                                          \
  static constexpr int W = LOGICAL_WARP_THREADS;                               \
  static_assert(W >= 1 && W <= 32 && (W & (W - 1)) == 0,                       \
                "gevo's " #Name ": logical warps of a power of two lanes, "    \
                "up to 32 (others need --cuda-headers nvidia)");               \
  unsigned Mask = __gevo::warpMask<W>();                                       \
                                                                               \
public:                                                                        \
  struct TempStorage {};                                                       \
  __GEVO_CUB Name(TempStorage &) {}

using __gevo_shfl::Down;
using __gevo_shfl::Idx;
using __gevo_shfl::shuffle;
using __gevo_shfl::Up;

struct Plus {
  template <class T> __GEVO_CUB T operator()(const T &A, const T &B) const {
    return A + B;
  }
};

template <int Bytes> struct UnsignedOf;
template <> struct UnsignedOf<1> { using Type = unsigned char; };
template <> struct UnsignedOf<2> { using Type = unsigned short; };
template <> struct UnsignedOf<4> { using Type = unsigned; };
template <> struct UnsignedOf<8> { using Type = unsigned long long; };

/// Radix sort's view of a key: unsigned bits in the keys' order (the sign
/// bit flipped for signed integers; for floats, -0 taken for +0, as CUB
/// documents, then negative values' bits all flipped, non-negative values'
/// sign bit flipped), inverted for a descending sort.
template <class K> struct RadixKey {
  static_assert(std::is_arithmetic<K>::value,
                "gevo's BlockRadixSort sorts integer and floating keys");
  using Bits = typename UnsignedOf<sizeof(K)>::Type;
  static constexpr Bits High = Bits(Bits(1) << (sizeof(K) * 8 - 1));
  __GEVO_CUB static Bits twiddle(K Key, bool Descending) {
    Bits B = __builtin_bit_cast(Bits, Key);
    if (std::is_floating_point<K>::value)
      B = B == High ? High : (B & High) ? Bits(~B) : Bits(B ^ High);
    else if (std::is_signed<K>::value)
      B = Bits(B ^ High);
    return Descending ? Bits(~B) : B;
  }
};

} // namespace __gevo
} // namespace cub

#endif
