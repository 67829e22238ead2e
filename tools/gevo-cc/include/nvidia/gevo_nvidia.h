// gevo-cc with NVIDIA's headers (--cuda-headers nvidia), force-included
// after clang 19's CUDA wrapper. Each declaration covers one gap between
// clang 19 and CUDA 13:
//
// - cudaConfigureCall: clang 19 does not know CUDA 13's version, so it
//   parses host-side `<<<...>>>` launches with the pre-CUDA-9.2 protocol,
//   which calls cudaConfigureCall; CUDA 13's runtime no longer declares it.
//   The host code is only parsed (device-only compilation): nothing calls it.
#pragma once
extern "C" cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim,
                                         size_t sharedMem = 0,
                                         cudaStream_t stream = 0);
