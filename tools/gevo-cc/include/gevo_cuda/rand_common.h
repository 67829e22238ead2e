//===- gevo_cuda/rand_common.h - What cuRAND's states share ---*- C++ -*-===//
//
// The Box-Muller cache every cuRAND state of gevo's ends with (see
// rand_dist.h), emptied by curand_init.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_CUDA_RAND_COMMON_H
#define GEVO_CUDA_RAND_COMMON_H

template <class S>
static __device__ __forceinline__ void __gevo_clear_normals(S *state) {
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.0f;
  state->boxmuller_extra_double = 0.0;
}

#endif // GEVO_CUDA_RAND_COMMON_H
