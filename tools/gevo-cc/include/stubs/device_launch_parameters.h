//===- device_launch_parameters.h - gevo's stand-in ----------*- C++ -*-===//
//
// threadIdx, blockIdx, blockDim, gridDim and warpSize are already declared
// by clang's builtin-variable header, which gevo_cuda.h includes.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_STUB_DEVICE_LAUNCH_PARAMETERS_H
#define GEVO_STUB_DEVICE_LAUNCH_PARAMETERS_H
#endif
