//===- Resolve.h - Entry points of a driver library, by name -----*- C++ -*-===//
#ifndef GEVO_HARNESS_GPU_RESOLVE_H
#define GEVO_HARNESS_GPU_RESOLVE_H

#include <dlfcn.h>

namespace gevo::gpu {

/// Sets Slot to Lib's symbol Name; false when Lib lacks it.
template <typename Fn> bool resolve(void *Lib, const char *Name, Fn &Slot) {
  Slot = reinterpret_cast<Fn>(dlsym(Lib, Name));
  return Slot != nullptr;
}

} // namespace gevo::gpu

#endif
