//===- Runtime.h - What JIT-compiled kernels call into -----------*- C++ -*-===//
//
// The retargeted module reads its thread's ThreadContext (through
// gevo_rt_ctx) for special registers and the shared arena, and calls the
// gevo_rt_* functions for block- and warp-level synchronisation. The layout
// of the fields the IR reads is fixed here and mirrored by Retarget.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_CPU_RUNTIME_H
#define GEVO_HARNESS_CPU_RUNTIME_H

#include "gevo/harness/Status.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstddef>
#include <cstdint>
#include <utility>

namespace gevo::cpu {

/// Special registers, in the order of ThreadContext::Sreg. EnvReg1 and
/// EnvReg2 hold the high and low halves of the grid workspace's address
/// (cooperative groups' ABI: its barrier word is at offset 4), 0 outside a
/// cooperative launch.
enum Sreg : unsigned {
  TidX, TidY, TidZ,
  NtidX, NtidY, NtidZ,
  CtaidX, CtaidY, CtaidZ,
  NctaidX, NctaidY, NctaidZ,
  WarpSizeReg, LaneId,
  EnvReg1, EnvReg2,
  NumSregs
};

enum class BarrierOp : unsigned { Sync, And, Or, Popc };
enum class ShuffleMode : unsigned { Idx, Up, Down, Bfly };
/// What a vote-style warp operation computes over its lanes' values:
/// vote.sync, match.sync, redux.sync and activemask (whose lanes are those
/// that wait at the same site, Mask holding the site).
enum class VoteMode : unsigned {
  All, Any, Uni, Ballot,
  MatchAny, MatchAll,
  ReduxAdd, ReduxMin, ReduxMax, ReduxUmin, ReduxUmax, ReduxAnd, ReduxOr,
  ReduxXor,
  ActiveMask
};
/// What gevo_rt_async does: cp.async, commit_group, wait_group, wait_all.
enum class AsyncOp : unsigned { Copy, Commit, WaitGroup, WaitAll };

/// NVPTX's address spaces, by number: what a pointer type names and what
/// gevo_rt_space answers for isspacep.
enum NvptxSpace : unsigned {
  GenericSpace = 0,
  GlobalSpace = 1,
  SharedSpace = 3,
  ConstantSpace = 4,
  LocalSpace = 5
};

class BlockRun;

/// A range of addresses a thread may access: [Lo, Lo + Len).
struct AccessRange {
  uintptr_t Lo = 0, Len = 0;
};

/// Memory a kernel may access besides its stack and shared arena.
struct CheckedRange {
  uintptr_t Lo, Len;
  bool Writable;
};

/// The range of \p Ranges (sorted by Lo, disjoint) holding
/// [Addr, Addr + Bytes), if any.
const CheckedRange *findRange(llvm::ArrayRef<CheckedRange> Ranges,
                              uintptr_t Addr, uint64_t Bytes);

/// What one memory-check site of the module last accepted: an access of the
/// site's size at address A passes at once when A - Lo < Span (Span is the
/// range's length minus that size plus one; 0 accepts nothing).
struct CheckCache {
  uintptr_t Lo = 0, Span = 0;
};

/// The FaultCode of a thread that trapped (llvm.trap, __trap) or reached
/// unreachable code: a Crash, with its own message.
inline constexpr uint32_t TrapFault = 0x100;

/// The FaultCodes of texture and surface instructions (TextureRuntime.cpp):
/// TextureFault | Kind << 4 | the Status, with the kind's own message.
inline constexpr uint32_t TextureFault = 0x200;
enum class TextureFaultKind : uint32_t {
  BadHandle,  ///< no live texture (surface) object of that handle
  Geometry,   ///< the instruction's dimensions are not the object's
  OutOfRange, ///< a surface access outside it, boundary mode trap
  Misaligned, ///< a surface access at x not a multiple of its size
  Stale,      ///< a fetch or surface read of bytes the launch wrote
};
inline constexpr uint32_t textureFault(TextureFaultKind K, Status S) {
  return TextureFault | uint32_t(K) << 4 | uint32_t(S);
}
/// The message of a TextureFault code.
const char *textureFaultMessage(uint32_t Code);

/// One CUDA thread, or every thread of a block run by a block function. The
/// fields up to Checks are read and written by the JIT-compiled code
/// (offsets below).
struct ThreadContext {
  uint32_t Sreg[NumSregs];
  char *Shared;      ///< The block's shared-memory arena.
  uint32_t Aborted;  ///< Non-zero: return at once (the launch stopped).
  uint32_t FaultCode; ///< A Status or TrapFault, set with Aborted on a fault.
  /// Linear index of the running thread in its block (a block function
  /// stores it as each thread starts, when races are checked).
  uint32_t Tid;
  const char *FaultUid; ///< UID of the faulting instruction, or null.
  uint64_t Cost;      ///< Modeled cost so far.
  /// Past it, the next loop header or function entry asks gevo_rt_budget
  /// for more (or times out).
  uint64_t CostLimit;
  uint64_t ThreadStart; ///< Cost when the running thread started.
  uint64_t Grant;     ///< What a thread may spend before it first asks.
  char *StackLimit;   ///< Below it, a function entry faults.
  CheckCache *Checks; ///< One per check site, kept while the stack stays.
  /// With the performance model: the running thread's basic-block counters,
  /// and thread 0's (a block function's thread I counts at PerfBase + I
  /// rows); Tracing is non-zero in a traced block.
  uint32_t *PerfCounts;
  uint32_t *PerfBase;
  uint32_t Tracing;
  // Runtime-only fields.
  uint64_t ThreadBudget; ///< The cost each thread may spend (its step budget).
  uint64_t Reported;  ///< Cost already added to the launch's.
  char *StackTop;
  BlockRun *Block;
  unsigned Linear;   ///< Linear thread index in the block.

  /// Records \p S as the thread's fault, at the instruction named \p Uid
  /// (or none), and tells the thread to return.
  void fault(Status S, const char *Uid) {
    FaultCode = uint32_t(S);
    FaultUid = Uid;
    Aborted = 1;
  }
};

inline constexpr unsigned CtxSharedOffset = offsetof(ThreadContext, Shared);
inline constexpr unsigned CtxAbortedOffset = offsetof(ThreadContext, Aborted);
inline constexpr unsigned CtxFaultCodeOffset =
    offsetof(ThreadContext, FaultCode);
inline constexpr unsigned CtxFaultUidOffset = offsetof(ThreadContext, FaultUid);
inline constexpr unsigned CtxTidOffset = offsetof(ThreadContext, Tid);
inline constexpr unsigned CtxCostOffset = offsetof(ThreadContext, Cost);
inline constexpr unsigned CtxCostLimitOffset =
    offsetof(ThreadContext, CostLimit);
inline constexpr unsigned CtxThreadStartOffset =
    offsetof(ThreadContext, ThreadStart);
inline constexpr unsigned CtxGrantOffset = offsetof(ThreadContext, Grant);
inline constexpr unsigned CtxStackLimitOffset =
    offsetof(ThreadContext, StackLimit);
inline constexpr unsigned CtxChecksOffset = offsetof(ThreadContext, Checks);
inline constexpr unsigned CtxPerfCountsOffset =
    offsetof(ThreadContext, PerfCounts);
inline constexpr unsigned CtxPerfBaseOffset = offsetof(ThreadContext, PerfBase);
inline constexpr unsigned CtxTracingOffset = offsetof(ThreadContext, Tracing);

/// gevo_rt_check's flags: bit 0 a write; from CheckAlignShift on, log2 of
/// the alignment the access needs. A check shifts the address's low bits by
/// MisalignShift into the offset it compares, so that they always miss.
inline constexpr unsigned CheckAlignShift = 8;
inline constexpr unsigned MisalignShift = 56;
/// The shared arena's alignment (a variable's offset in it is aligned as
/// the variable is, up to this).
inline constexpr size_t SharedArenaAlign = 256;

/// Stack a kernel thread may use, in every execution mode.
inline constexpr size_t KernelStackBytes = 160 * 1024;

/// What gevo_rt_tex and gevo_rt_surf return: four 32-bit words, or up to
/// 16 bytes, little-endian.
struct TexWords {
  uint64_t Lo = 0, Hi = 0;
};
/// tex and tld4 (TextureRuntime.cpp): a fetch from texture object
/// \p Handle as TexQuery \p Query says, at coordinates' bits C0-C2.
TexWords rtTexture(uint64_t Handle, uint32_t Query, uint32_t C0, uint32_t C1,
                   uint32_t C2, const char *Uid);
/// suld.b and sust.b: an access of surface object \p Handle as SurfQuery
/// \p Query says at byte x \p X, row \p Y, slice \p Z; a write stores the
/// bytes of Lo, Hi, a read returns them.
TexWords rtSurface(uint64_t Handle, uint32_t Query, int32_t X, int32_t Y,
                   int32_t Z, uint64_t Lo, uint64_t Hi, const char *Uid);

/// The runtime entry points (name, address), for the JIT's symbol table.
llvm::ArrayRef<std::pair<const char *, void *>> runtimeEntryPoints();

/// The context of the CUDA thread running on this OS thread.
ThreadContext *currentThread();
void setCurrentThread(ThreadContext *T);

} // namespace gevo::cpu

/// Names of the runtime entry points, as the retargeted IR calls them.
#define GEVO_RT_CTX "gevo_rt_ctx"
#define GEVO_RT_BARRIER "gevo_rt_barrier"
#define GEVO_RT_SHFL "gevo_rt_shfl"
#define GEVO_RT_VOTE "gevo_rt_vote"
#define GEVO_RT_SYNCWARP "gevo_rt_syncwarp"
#define GEVO_RT_YIELD "gevo_rt_yield"
#define GEVO_RT_ASYNC "gevo_rt_async"
#define GEVO_RT_MATRIX "gevo_rt_matrix"
#define GEVO_RT_SPACE "gevo_rt_space"
#define GEVO_RT_CHECK "gevo_rt_check"
#define GEVO_RT_BUDGET "gevo_rt_budget"
#define GEVO_RT_ACCESS "gevo_rt_access"
#define GEVO_RT_TEX "gevo_rt_tex"
#define GEVO_RT_SURF "gevo_rt_surf"

#endif // GEVO_HARNESS_CPU_RUNTIME_H
