//===- Memory.h - Device memory of the cpu target -----------------*- C++ -*-===//
//
// Device memory is host memory, but every buffer is registered in one
// process-wide allocation table, which the launch-time checks consult.
// Buffers are placed deterministically (Memory.cpp: one reserved region,
// first fit, a page of gap after each).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_CPU_MEMORY_H
#define GEVO_HARNESS_CPU_MEMORY_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <cstddef>

namespace gevo::cpu {

/// A zero-filled device buffer of \p Bytes (at least 1), 64-byte aligned.
void *deviceAlloc(size_t Bytes);
/// Frees a buffer from deviceAlloc; anything else is an Error.
llvm::Error deviceFree(void *Ptr);
/// Copies between host and device memory; the device range must lie inside
/// one live buffer.
llvm::Error copyToDevice(void *Device, const void *Host, size_t Bytes);
llvm::Error copyFromDevice(void *Host, const void *Device, size_t Bytes);

/// True when [Ptr, Ptr + Bytes) lies inside one live device buffer.
bool isDeviceRange(const void *Ptr, size_t Bytes);

/// Calls \p Visit(start, bytes) for every live buffer, in address order.
void forEachDeviceBuffer(llvm::function_ref<void(const void *, size_t)> Visit);

} // namespace gevo::cpu

#endif // GEVO_HARNESS_CPU_MEMORY_H
