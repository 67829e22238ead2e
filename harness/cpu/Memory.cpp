//===- Memory.cpp - The allocation table of device buffers ----------------===//

#include "gevo/harness/cpu/Memory.h"

#include "Race.h"

#include <sys/mman.h>

#include <cstdlib>
#include <cstring>
#include <iterator>
#include <map>
#include <mutex>
#include <shared_mutex>

using namespace llvm;

namespace gevo::cpu {
namespace {

/// Where buffers go: one reserved region, first fit in address order, with
/// a gap after each buffer. The same sequence of allocations and frees
/// from the same state gives the same layout, and freeing everything
/// coalesces the region back to its initial state; so in every worker a
/// variant's buffers lie at the same distances from each other, and an
/// access past a buffer finds the same neighbour or gap (with malloc it
/// depended on each worker's history: the fault statuses of a mutant, and
/// so the run's log, differed between runs).
class Arena {
public:
  static constexpr size_t Reserved = size_t(2) << 30;
  static constexpr size_t Gap = 4096;

  /// Caller holds the table's lock.
  void *allocate(size_t Rounded) {
    if (!reserve())
      return nullptr;
    size_t Need = Rounded + Gap;
    for (auto It = Free.begin(); It != Free.end(); ++It) {
      if (It->second < Need)
        continue;
      auto [Start, Size] = *It;
      Free.erase(It);
      if (Size > Need)
        Free[Start + Need] = Size - Need;
      return reinterpret_cast<void *>(Start);
    }
    return nullptr;
  }
  bool owns(const void *Ptr) const {
    auto Addr = reinterpret_cast<uintptr_t>(Ptr);
    return Base && Addr >= Base && Addr < Base + Reserved;
  }
  void release(const void *Ptr, size_t Rounded) {
    uintptr_t Start = reinterpret_cast<uintptr_t>(Ptr);
    size_t Size = Rounded + Gap;
    auto Next = Free.lower_bound(Start);
    if (Next != Free.end() && Start + Size == Next->first) {
      Size += Next->second;
      Next = Free.erase(Next);
    }
    if (Next != Free.begin()) {
      auto Prev = std::prev(Next);
      if (Prev->first + Prev->second == Start) {
        Prev->second += Size;
        return;
      }
    }
    Free[Start] = Size;
  }

private:
  bool reserve() {
    if (Base || Failed)
      return Base != 0;
    void *P = mmap(nullptr, Reserved, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (P == MAP_FAILED) {
      Failed = true;
      return false;
    }
    Base = reinterpret_cast<uintptr_t>(P);
    Free[Base] = Reserved;
    return true;
  }
  uintptr_t Base = 0;
  bool Failed = false;
  std::map<uintptr_t, size_t> Free; ///< start -> size, coalesced
};

size_t roundedSize(size_t Bytes) { return (Bytes + 63) / 64 * 64; }

/// Start address -> size of every live buffer.
struct AllocationTable {
  std::shared_mutex Lock;
  std::map<uintptr_t, size_t> Live;
  Arena Region;

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
  size_t Rounded = roundedSize(Bytes);
  AllocationTable &T = table();
  std::unique_lock Guard(T.Lock);
  // Past the region (gigabytes of buffers), malloc's layout will do.
  void *Ptr = T.Region.allocate(Rounded);
  if (!Ptr)
    Ptr = std::aligned_alloc(64, Rounded);
  if (!Ptr)
    return nullptr;
  std::memset(Ptr, 0, Rounded);
  T.Live[reinterpret_cast<uintptr_t>(Ptr)] = Bytes;
  return Ptr;
}

Error deviceFree(void *Ptr) {
  AllocationTable &T = table();
  std::unique_lock Guard(T.Lock);
  auto It = T.Live.find(reinterpret_cast<uintptr_t>(Ptr));
  if (It == T.Live.end())
    return createStringError(inconvertibleErrorCode(),
                             "deviceFree: %p is not a device buffer", Ptr);
  size_t Rounded = roundedSize(It->second);
  GlobalShadow::get().release(It->first, Rounded);
  T.Live.erase(It);
  if (T.Region.owns(Ptr))
    T.Region.release(Ptr, Rounded);
  else
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
