//===- AsyncCopy.cpp - cp.async, its groups, and isspacep ------------------===//
//
// cp.async copies global memory into shared memory asynchronously: the
// data is there only once a cp.async.wait_group or wait_all covers the
// copy's group. The cpu target makes each copy at that wait, as the
// waiting thread: before it the destination holds what it held (the poison
// pattern, so a read is `uninitialized`), and the judge records the copy's
// read and write then, ordered as the thread's accesses after the wait
// are. A copy that leaves its buffers faults (oob_read, oob_write) at the
// wait with the cp.async's UID. Copies a thread never waits for are never
// made. (The performance model does not count their traffic.)
//
//===----------------------------------------------------------------------===//

#include "Race.h"
#include "Scheduler.h"

#include <algorithm>
#include <cstring>

namespace gevo::cpu {
namespace {

/// The race checks' site of every async copy (the saturated one).
constexpr uint32_t AsyncSite = UINT16_MAX;

} // namespace

bool BlockRun::completeCopy(ThreadContext &T, const PendingCopy &C) {
  auto Src = reinterpret_cast<uintptr_t>(C.Src);
  auto Dst = reinterpret_cast<uintptr_t>(C.Dst);
  if (C.SrcBytes && !findRange(T, Src, C.SrcBytes, false)) {
    T.fault(Status::OobRead, C.Uid);
    return false;
  }
  if (!findRange(T, Dst, C.Bytes, true)) {
    T.fault(Status::OobWrite, C.Uid);
    return false;
  }
  if (Race && C.SrcBytes &&
      Race->access(T.Tid, Src, C.SrcBytes, RaceRead, AsyncSite, C.Uid))
    return !raceFound(T, C.Uid);
  std::memmove(C.Dst, C.Src, C.SrcBytes);
  std::memset(C.Dst + C.SrcBytes, 0, C.Bytes - C.SrcBytes);
  if (Race && Race->access(T.Tid, Dst, C.Bytes, RaceWrite, AsyncSite, C.Uid))
    return !raceFound(T, C.Uid);
  return true;
}

void BlockRun::asyncCopy(ThreadContext &T, AsyncOp Op, char *Dst,
                         const char *Src, uint32_t Bytes, uint32_t SrcBytes,
                         const char *Uid) {
  if (Pending.empty()) {
    Pending.resize(Threads.size());
    Committed.assign(Threads.size(), 0);
  }
  std::vector<PendingCopy> &Mine = Pending[T.Linear];
  uint32_t &Groups = Committed[T.Linear];
  switch (Op) {
  case AsyncOp::Copy:
    Mine.push_back({Dst, Src, Bytes, std::min(SrcBytes, Bytes), Groups, Uid});
    return;
  case AsyncOp::Commit:
    ++Groups;
    return;
  case AsyncOp::WaitGroup:
  case AsyncOp::WaitAll: {
    // wait_group N: every committed group but the N most recent; wait_all:
    // every copy, committed or not.
    uint32_t Below = Op == AsyncOp::WaitAll ? UINT32_MAX
                     : Groups > Bytes       ? Groups - Bytes
                                            : 0;
    size_t Kept = 0;
    for (const PendingCopy &C : Mine) {
      if (C.Group >= Below) {
        Mine[Kept++] = C;
        continue;
      }
      if (!T.Aborted && !completeCopy(T, C))
        break;
    }
    Mine.resize(T.Aborted ? 0 : Kept);
    return;
  }
  }
}

uint32_t BlockRun::spaceOf(ThreadContext &T, uintptr_t Addr) const {
  auto Shared = reinterpret_cast<uintptr_t>(T.Shared);
  auto Stack = reinterpret_cast<uintptr_t>(T.StackLimit);
  if (Addr - Shared < L.SharedBytes)
    return SharedSpace;
  if (Addr - Stack < uintptr_t(T.StackTop - T.StackLimit))
    return LocalSpace;
  const CheckedRange *R = cpu::findRange(L.Ranges, Addr, 1);
  return R && !R->Writable ? ConstantSpace : GlobalSpace;
}

} // namespace gevo::cpu
