//===- Runtime.cpp - What JIT-compiled kernels call into ------------------===//

#include "Runtime.h"
#include "Matrix.h"
#include "Scheduler.h"

namespace gevo::cpu {
namespace {

// initial-exec: kernels read it once per thread, through a plain TLS load.
__attribute__((tls_model("initial-exec"))) thread_local ThreadContext
    *Current = nullptr;

ThreadContext *rtCtx() { return Current; }

uint32_t rtBarrier(uint32_t Site, uint32_t Op, uint32_t Pred) {
  ThreadContext &T = *Current;
  if (T.Aborted)
    return 0;
  return T.Block->barrier(T, Site, BarrierOp(Op), Pred);
}

uint32_t rtWarp(unsigned Kind, uint32_t Mode, uint32_t Mask, uint32_t Value,
                uint32_t B, uint32_t C) {
  ThreadContext &T = *Current;
  if (T.Aborted)
    return 0;
  return T.Block->warpOp(T, {Kind, Mode, Mask, Value, B, C});
}

uint32_t rtShfl(uint32_t Mode, uint32_t Mask, uint32_t Value, uint32_t B,
                uint32_t C) {
  return rtWarp(0, Mode, Mask, Value, B, C);
}

uint32_t rtVote(uint32_t Mode, uint32_t Mask, uint32_t Pred) {
  return rtWarp(1, Mode, Mask, Pred, 0, 0);
}

void rtSyncwarp(uint32_t Mask) { rtWarp(2, 0, Mask, 0, 0, 0); }

void rtAsync(uint32_t Op, char *Dst, const char *Src, uint32_t Bytes,
             uint32_t SrcBytes, const char *Uid) {
  ThreadContext &T = *Current;
  if (!T.Aborted)
    T.Block->asyncCopy(T, AsyncOp(Op), Dst, Src, Bytes, SrcBytes, Uid);
}

uint32_t rtSpace(char *Addr) {
  ThreadContext &T = *Current;
  return T.Block->spaceOf(T, reinterpret_cast<uintptr_t>(Addr));
}

void rtYield() {
  ThreadContext &T = *Current;
  if (!T.Aborted)
    T.Block->yield(T);
}

/// The slow path of a memory check: the range that holds the access, or,
/// when none may, an empty range and the fault recorded in the context.
AccessRange rtCheck(char *Addr, uint64_t Bytes, uint32_t Flags,
                    const char *Uid) {
  ThreadContext &T = *Current;
  bool IsWrite = Flags & 1;
  uint64_t Align = uint64_t(1) << (Flags >> CheckAlignShift);
  if (reinterpret_cast<uintptr_t>(Addr) & (Align - 1)) {
    T.fault(Status::Misaligned, Uid);
    return AccessRange();
  }
  if (auto R = T.Block->findRange(T, reinterpret_cast<uintptr_t>(Addr), Bytes,
                                  IsWrite))
    return *R;
  T.fault(IsWrite ? Status::OobWrite : Status::OobRead, Uid);
  return AccessRange();
}

/// A thread's cost passed its limit: a new limit, or 0 and a timeout when
/// the thread's or the launch's budget is spent.
uint64_t rtBudget(uint64_t Cost, uint64_t Start) {
  ThreadContext &T = *Current;
  return T.Block->grant(T, Cost, Start);
}

/// Records a shared, global or constant access for the race checks and the
/// performance model: 0, or non-zero after recording a race or an
/// uninitialized read in the context.
uint32_t rtAccess(char *Addr, uint64_t Bytes, uint32_t Flags, uint32_t Site,
                  const char *Uid) {
  ThreadContext &T = *Current;
  return T.Block->access(T, reinterpret_cast<uintptr_t>(Addr), Bytes, Flags,
                         Site, Uid);
}

const std::pair<const char *, void *> EntryPoints[] = {
    {GEVO_RT_CTX, reinterpret_cast<void *>(&rtCtx)},
    {GEVO_RT_BARRIER, reinterpret_cast<void *>(&rtBarrier)},
    {GEVO_RT_SHFL, reinterpret_cast<void *>(&rtShfl)},
    {GEVO_RT_VOTE, reinterpret_cast<void *>(&rtVote)},
    {GEVO_RT_SYNCWARP, reinterpret_cast<void *>(&rtSyncwarp)},
    {GEVO_RT_YIELD, reinterpret_cast<void *>(&rtYield)},
    {GEVO_RT_ASYNC, reinterpret_cast<void *>(&rtAsync)},
    {GEVO_RT_MATRIX, reinterpret_cast<void *>(&rtMatrix)},
    {GEVO_RT_SPACE, reinterpret_cast<void *>(&rtSpace)},
    {GEVO_RT_CHECK, reinterpret_cast<void *>(&rtCheck)},
    {GEVO_RT_BUDGET, reinterpret_cast<void *>(&rtBudget)},
    {GEVO_RT_ACCESS, reinterpret_cast<void *>(&rtAccess)},
    {GEVO_RT_TEX, reinterpret_cast<void *>(&rtTexture)},
    {GEVO_RT_SURF, reinterpret_cast<void *>(&rtSurface)},
};

} // namespace

llvm::ArrayRef<std::pair<const char *, void *>> runtimeEntryPoints() {
  return EntryPoints;
}

ThreadContext *currentThread() { return Current; }
void setCurrentThread(ThreadContext *T) { Current = T; }

} // namespace gevo::cpu
