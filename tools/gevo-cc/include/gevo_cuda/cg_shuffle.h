//===- gevo_cuda/cg_shuffle.h - Shuffles of any value --------*- C++ -*-===//
//
// shfl.sync of any trivially copyable value, for gevo's cooperative groups
// (stubs/cooperative_groups.h) and CUB (stubs/cub/): arithmetic values by
// warp.h's __shfl_*_sync overloads (one shuffle), anything else (float2,
// __half, a struct) 32 bits at a time, as NVIDIA's headers allow. Not
// here: the intrinsics themselves (warp.h).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_CUDA_CG_SHUFFLE_H
#define GEVO_CUDA_CG_SHUFFLE_H

namespace __gevo_shfl {

enum Kind { Idx, Up, Down, Xor };

template <Kind K, class T>
__device__ __forceinline__ T one(unsigned Mask, T V, int Arg, int Width) {
  if (K == Idx)
    return __shfl_sync(Mask, V, Arg, Width);
  if (K == Up)
    return __shfl_up_sync(Mask, V, (unsigned)Arg, Width);
  if (K == Down)
    return __shfl_down_sync(Mask, V, (unsigned)Arg, Width);
  return __shfl_xor_sync(Mask, V, Arg, Width);
}

/// Lane Arg's value (Idx), or the lane Arg below (Up), above (Down) or
/// xor Arg (Xor), within segments of Width lanes.
template <Kind K, class T>
__device__ __forceinline__ T shuffle(unsigned Mask, T V, int Arg,
                                     int Width = 32) {
  if constexpr (__is_arithmetic(T)) {
    return one<K>(Mask, V, Arg, Width);
  } else {
    static_assert(__is_trivially_copyable(T),
                  "a shuffled value must be trivially copyable");
    constexpr int Words = (sizeof(T) + 3) / 4;
    unsigned In[Words] = {}, Out[Words];
    __builtin_memcpy(In, &V, sizeof(T));
    for (int I = 0; I < Words; ++I)
      Out[I] = one<K>(Mask, In[I], Arg, Width);
    T R;
    __builtin_memcpy(&R, Out, sizeof(T));
    return R;
  }
}

} // namespace __gevo_shfl

#endif
