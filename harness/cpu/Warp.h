//===- Warp.h - The result of a warp operation for one lane -------*- C++ -*-===//
#ifndef GEVO_HARNESS_CPU_WARP_H
#define GEVO_HARNESS_CPU_WARP_H

#include <cstdint>

namespace gevo::cpu {

inline constexpr unsigned WarpWidth = 32;

/// The operands every lane of a rendezvous brought.
struct WarpLanes {
  uint32_t Mask = 0;
  uint32_t Values[WarpWidth] = {};
  uint32_t B[WarpWidth] = {};
  uint32_t C[WarpWidth] = {};
  void *Payload[WarpWidth] = {}; ///< A matrix operation's registers.
};

/// The kind of a matrix operation's rendezvous (Matrix.h; Mode its
/// MatrixOp, each lane's Payload its register words).
inline constexpr unsigned WarpMatrix = 3;

/// Kind 0: shfl.sync (Mode a ShuffleMode, PTX semantics of b and c); 1:
/// vote.sync, match.sync, redux.sync, activemask (Mode a VoteMode); 2:
/// bar.warp.sync (returns 0); WarpMatrix: computeMatrixOp (returns 0).
uint32_t computeWarpOp(unsigned Kind, unsigned Mode, const WarpLanes &Lanes,
                       unsigned Lane);

} // namespace gevo::cpu

#endif
