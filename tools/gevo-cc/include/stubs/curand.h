//===- curand.h - cuRAND's host types on gevo's header --------*- C++ -*-===//
//
// Parse-only: the types, status codes and the commonly called functions
// of cuRAND's host API (generators: create, seed, offset, stream, generate
// 32-bit words, uniform, normal, log-normal and Poisson values, destroy),
// declared so that a file whose host code calls them compiles (gevo-cc
// never compiles host code). The numbering is cuRAND's documented one. A
// call of another host function is a compile error; the device API is
// curand_kernel.h.
//
//===----------------------------------------------------------------------===//
#ifndef CURAND_H_
#define CURAND_H_

enum curandStatus {
  CURAND_STATUS_SUCCESS = 0,
  CURAND_STATUS_VERSION_MISMATCH = 100,
  CURAND_STATUS_NOT_INITIALIZED = 101,
  CURAND_STATUS_ALLOCATION_FAILED = 102,
  CURAND_STATUS_TYPE_ERROR = 103,
  CURAND_STATUS_OUT_OF_RANGE = 104,
  CURAND_STATUS_LENGTH_NOT_MULTIPLE = 105,
  CURAND_STATUS_DOUBLE_PRECISION_REQUIRED = 106,
  CURAND_STATUS_LAUNCH_FAILURE = 201,
  CURAND_STATUS_PREEXISTING_FAILURE = 202,
  CURAND_STATUS_INITIALIZATION_FAILED = 203,
  CURAND_STATUS_ARCH_MISMATCH = 204,
  CURAND_STATUS_INTERNAL_ERROR = 999
};
typedef enum curandStatus curandStatus_t;

enum curandRngType {
  CURAND_RNG_TEST = 0,
  CURAND_RNG_PSEUDO_DEFAULT = 100,
  CURAND_RNG_PSEUDO_XORWOW = 101,
  CURAND_RNG_PSEUDO_MRG32K3A = 121,
  CURAND_RNG_PSEUDO_MTGP32 = 141,
  CURAND_RNG_PSEUDO_MT19937 = 142,
  CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161,
  CURAND_RNG_QUASI_DEFAULT = 200,
  CURAND_RNG_QUASI_SOBOL32 = 201,
  CURAND_RNG_QUASI_SCRAMBLED_SOBOL32 = 202,
  CURAND_RNG_QUASI_SOBOL64 = 203,
  CURAND_RNG_QUASI_SCRAMBLED_SOBOL64 = 204
};
typedef enum curandRngType curandRngType_t;

struct curandGenerator_st;
typedef struct curandGenerator_st *curandGenerator_t;

#include <cuda_runtime_api.h> // cudaStream_t

extern "C" {
curandStatus_t curandCreateGenerator(curandGenerator_t *generator,
                                     curandRngType_t rng_type);
curandStatus_t curandCreateGeneratorHost(curandGenerator_t *generator,
                                         curandRngType_t rng_type);
curandStatus_t curandDestroyGenerator(curandGenerator_t generator);
curandStatus_t curandGetVersion(int *version);
curandStatus_t curandSetStream(curandGenerator_t generator, cudaStream_t stream);
curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator,
                                                  unsigned long long seed);
curandStatus_t curandSetGeneratorOffset(curandGenerator_t generator,
                                        unsigned long long offset);
curandStatus_t curandGenerate(curandGenerator_t generator,
                              unsigned int *outputPtr, size_t num);
curandStatus_t curandGenerateUniform(curandGenerator_t generator,
                                     float *outputPtr, size_t num);
curandStatus_t curandGenerateUniformDouble(curandGenerator_t generator,
                                           double *outputPtr, size_t num);
curandStatus_t curandGenerateNormal(curandGenerator_t generator,
                                    float *outputPtr, size_t n, float mean,
                                    float stddev);
curandStatus_t curandGenerateNormalDouble(curandGenerator_t generator,
                                          double *outputPtr, size_t n,
                                          double mean, double stddev);
curandStatus_t curandGenerateLogNormal(curandGenerator_t generator,
                                       float *outputPtr, size_t n, float mean,
                                       float stddev);
curandStatus_t curandGeneratePoisson(curandGenerator_t generator,
                                     unsigned int *outputPtr, size_t n,
                                     double lambda);
}

#endif // CURAND_H_
