//===- curand_kernel.h - cuRAND's device API on gevo's header -*- C++ -*-===//
//
// The pseudo-random generators of cuRAND's device API: XORWOW
// (curandState), Philox4_32_10 and MRG32k3a, with curand_init, curand,
// curand4 (Philox), skipahead, skipahead_sequence, skipahead_subsequence
// (MRG32k3a), and the uniform, normal, log-normal and Poisson
// distributions. They give the same numbers as NVIDIA's cuRAND for the same
// seed, subsequence and offset (gevo_cuda/rand_*.h say where they do not).
//
// Not here: the quasi-random Sobol states, MTGP32, curand_discrete and
// curandDirectionVectors, and the host API (curand.h declares its types
// only).
//
//===----------------------------------------------------------------------===//
#ifndef CURAND_KERNEL_H_
#define CURAND_KERNEL_H_

#include <curand.h>
#include "../gevo_cuda/rand_xorwow.h"
#include "../gevo_cuda/rand_philox.h"
#include "../gevo_cuda/rand_mrg32k3a.h"
#include "../gevo_cuda/rand_dist.h"

#endif // CURAND_KERNEL_H_
