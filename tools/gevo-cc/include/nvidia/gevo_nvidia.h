// gevo-cc with NVIDIA's headers (--cuda-headers nvidia), force-included
// after clang 19's CUDA wrapper. Each declaration covers one gap between
// clang 19 and CUDA 13:
//
// - cudaConfigureCall: clang 19 does not know CUDA 13's version, so it
//   parses host-side `<<<...>>>` launches with the pre-CUDA-9.2 protocol,
//   which calls cudaConfigureCall; CUDA 13's runtime no longer declares it.
//   The host code is only parsed (device-only compilation): nothing calls it.
//
// - host_min_max.h: min/max in host code (nvcc's are __host__ __device__);
// - cache_hints.h: __ldcs and the other cache-hinted loads and stores on
//   the built-in types (CUDA's sm_32_intrinsics.h, which clang skips);
// - surf1Dread ... surf3Dwrite: clang 19 implements CUDA's texture
//   functions (its __clang_cuda_texture_intrinsics.h) but not the surface
//   ones, which CUDA 13's headers leave undeclared; gevo's own (shared with
//   gevo's header) are inline PTX suld.b / sust.b;
// - __usAtomicCAS: CUDA 13's 16-bit atomicCAS (sm_70_rt.hpp, and with it
//   cuda_bf16.h's atomicAdd) calls this nvcc builtin, which clang lacks;
//   here it is the one atom.cas.b16 it stands for.
//
// Two more gaps are covered on clang's command line (gevo-cc.cpp,
// headerArgs), since they must precede clang's own CUDA headers: clang 19's
// __reduce_*_sync pass (mask, value) to redux builtins that take (value,
// mask), -D macros swap them back; and clang's sqrtf would be approximate
// under LLVM 19 (__nv_sqrtf), -D routes it to IEEE __nv_fsqrt_rn as nvcc's
// default is. Host-only libraries' stand-ins are in ../hostonly/.
#pragma once
extern "C" cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim,
                                         size_t sharedMem = 0,
                                         cudaStream_t stream = 0);
#include "host_min_max.h"
#include "cache_hints.h"
#include "../gevo_cuda/surface.h"
extern "C" __device__ inline unsigned short
__usAtomicCAS(unsigned short *Address, unsigned short Compare,
              unsigned short Value) {
  unsigned short Old;
  asm volatile("atom.cas.b16 %0, [%1], %2, %3;"
               : "=h"(Old)
               : "l"(Address), "h"(Compare), "h"(Value)
               : "memory");
  return Old;
}
