//===- Memory.cpp - The allocation table of device buffers ----------------===//

#include "gevo/harness/cpu/Memory.h"

#include <cstdlib>
#include <cstring>
#include <iterator>
#include <map>
#include <mutex>
#include <shared_mutex>

using namespace llvm;

namespace gevo::cpu {
namespace {

/// Start address -> size of every live buffer.
struct AllocationTable {
  std::shared_mutex Lock;
  std::map<uintptr_t, size_t> Live;

  bool contains(const void *Ptr, size_t Bytes) {
    std::shared_lock Guard(Lock);
    auto Addr = reinterpret_cast<uintptr_t>(Ptr);
    auto It = Live.upper_bound(Addr);
    if (It == Live.begin())
      return false;
    --It;
    return Addr - It->first <= It->second && Bytes <= It->second - (Addr - It->first);
  }
};

AllocationTable &table() {
  static AllocationTable T;
  return T;
}

Error rangeError(const char *What, const void *Ptr, size_t Bytes) {
  return createStringError(inconvertibleErrorCode(),
                           "%s: [%p, +%zu) is not inside a device buffer",
                           What, Ptr, Bytes);
}

} // namespace

void *deviceAlloc(size_t Bytes) {
  Bytes = std::max<size_t>(Bytes, 1);
  size_t Rounded = (Bytes + 63) / 64 * 64;
  void *Ptr = std::aligned_alloc(64, Rounded);
  if (!Ptr)
    return nullptr;
  std::memset(Ptr, 0, Rounded);
  AllocationTable &T = table();
  std::unique_lock Guard(T.Lock);
  T.Live[reinterpret_cast<uintptr_t>(Ptr)] = Bytes;
  return Ptr;
}

Error deviceFree(void *Ptr) {
  AllocationTable &T = table();
  std::unique_lock Guard(T.Lock);
  if (!T.Live.erase(reinterpret_cast<uintptr_t>(Ptr)))
    return createStringError(inconvertibleErrorCode(),
                             "deviceFree: %p is not a device buffer", Ptr);
  std::free(Ptr);
  return Error::success();
}

bool isDeviceRange(const void *Ptr, size_t Bytes) {
  return table().contains(Ptr, Bytes);
}

void forEachDeviceBuffer(function_ref<void(const void *, size_t)> Visit) {
  AllocationTable &T = table();
  std::shared_lock Guard(T.Lock);
  for (auto [Start, Bytes] : T.Live)
    Visit(reinterpret_cast<const void *>(Start), Bytes);
}

Error copyToDevice(void *Device, const void *Host, size_t Bytes) {
  if (!isDeviceRange(Device, Bytes))
    return rangeError("copyToDevice", Device, Bytes);
  std::memcpy(Device, Host, Bytes);
  return Error::success();
}

Error copyFromDevice(void *Host, const void *Device, size_t Bytes) {
  if (!isDeviceRange(Device, Bytes))
    return rangeError("copyFromDevice", Device, Bytes);
  std::memcpy(Host, Device, Bytes);
  return Error::success();
}

} // namespace gevo::cpu
