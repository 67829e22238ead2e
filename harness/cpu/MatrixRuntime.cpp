//===- MatrixRuntime.cpp - gevo_rt_matrix: a lane's part of a matrix op ---===//
//
// What the JIT-compiled code calls for every WMMA, mma.sync and ldmatrix
// (MatrixLower.cpp). Each is a rendezvous of the whole warp (a lane that
// exited, or lanes at another operation: DivergentBarrier). A WMMA load or
// store then moves the lane's own elements (Matrix.h's layout), and an
// ldmatrix lane first reads the row it addresses: every element is an
// access of the lane, checked as the kernel's own are (an address outside
// every buffer is OobRead or OobWrite with the intrinsic's UID, one that
// is not a multiple of the element's size, or an ldmatrix row not 16-byte
// aligned, Misaligned) and seen by the race judge. (WMMA pointers need 32
// bytes of alignment on a GPU; the cpu target asks only the element's,
// since where a shared array lies in the arena is its own choice.) An
// mma's D is computed when the warp has arrived (MatrixLayout.cpp).
//
//===----------------------------------------------------------------------===//

#include "Matrix.h"
#include "Race.h"
#include "Scheduler.h"

#include <cstring>

namespace gevo::cpu {
namespace {

/// The race checks' site of every matrix access (the saturated one).
constexpr uint32_t MatrixSite = UINT16_MAX;

/// Moves \p Bytes between \p Regs and the lane's memory at \p Addr, as an
/// access of \p T: false after recording a fault.
bool move(ThreadContext &T, uintptr_t Addr, void *Regs, unsigned Bytes,
          unsigned Align, bool Write, const char *Uid) {
  if (Addr & (Align - 1)) {
    T.fault(Status::Misaligned, Uid);
    return false;
  }
  if (!T.Block->findRange(T, Addr, Bytes, Write)) {
    T.fault(Write ? Status::OobWrite : Status::OobRead, Uid);
    return false;
  }
  if (T.Block->access(T, Addr, Bytes, Write ? RaceWrite : RaceRead,
                      MatrixSite, Uid))
    return false;
  auto *Mem = reinterpret_cast<void *>(Addr);
  if (Write)
    std::memcpy(Mem, Regs, Bytes);
  else
    std::memcpy(Regs, Mem, Bytes);
  return true;
}

/// A WMMA load or store of the lane's elements: element I of a 16-bit
/// type is bytes 2I and 2I+1 of the words, a 32-bit one word I.
void loadStore(ThreadContext &T, const MatrixOp &O, uint32_t *Regs,
               uintptr_t Mem, uint32_t Stride, const char *Uid) {
  unsigned Bytes = elementBytes(O.Type);
  unsigned Lane = T.Sreg[LaneId];
  bool Write = O.Kind == MatrixKind::Store;
  auto *Words = reinterpret_cast<char *>(Regs + RegsA);
  for (unsigned I = 0, E = fragmentElements(O.Shape, O.Use, O.Type); I < E;
       ++I) {
    auto [Row, Col] = fragmentCoord(O.Shape, O.Use, O.Type, Lane, I);
    uint64_t Index = O.ColMajor ? uint64_t(Col) * Stride + Row
                                : uint64_t(Row) * Stride + Col;
    if (!move(T, Mem + Index * Bytes, Words + I * Bytes, Bytes, Bytes, Write,
              Uid))
      return;
  }
}

} // namespace

void rtMatrix(uint32_t Bits, uint32_t *Regs, char *Mem, uint32_t Stride,
              const char *Uid) {
  ThreadContext &T = *currentThread();
  if (T.Aborted)
    return;
  MatrixOp O = MatrixOp::decode(Bits);
  auto Addr = reinterpret_cast<uintptr_t>(Mem);
  if (O.Kind == MatrixKind::LdMatrix && T.Sreg[LaneId] < 8 * O.Count &&
      !move(T, Addr, Regs + RegsA, 16, 16, false, Uid))
    return;
  BlockRun::WarpRequest R{WarpMatrix, Bits, ~0u, 0, 0, 0};
  R.Payload = Regs;
  T.Block->warpOp(T, R);
  if (!T.Aborted &&
      (O.Kind == MatrixKind::Load || O.Kind == MatrixKind::Store))
    loadStore(T, O, Regs, Addr, Stride, Uid);
}

} // namespace gevo::cpu
