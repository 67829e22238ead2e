//===- library_types.h - gevo's stand-in for CUDA's library types -*- C++ -*-===//
//
// Host-only stand-in (include/hostonly/, searched after every real header
// directory, so a CUDA toolkit's own header wins): the data and compute type
// enums that the cuBLAS and cuFFT stand-ins use, with CUDA's documented
// values. Declarations only: device compilation only parses host code.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HOSTONLY_LIBRARY_TYPES_H
#define GEVO_HOSTONLY_LIBRARY_TYPES_H

typedef enum cudaDataType_t {
  CUDA_R_32F = 0,
  CUDA_R_64F = 1,
  CUDA_R_16F = 2,
  CUDA_R_8I = 3,
  CUDA_C_32F = 4,
  CUDA_C_64F = 5,
  CUDA_C_16F = 6,
  CUDA_R_8U = 8,
  CUDA_R_32I = 10,
  CUDA_R_32U = 12,
  CUDA_R_16BF = 14
} cudaDataType;

typedef enum libraryPropertyType_t {
  MAJOR_VERSION,
  MINOR_VERSION,
  PATCH_LEVEL
} libraryPropertyType;

#endif
