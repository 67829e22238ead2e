//===- Warp.cpp - The result of a warp operation for one lane -------------===//

#include "Warp.h"
#include "Matrix.h"
#include "Runtime.h"

#include <algorithm>
#include <cstdint>

namespace gevo::cpu {
namespace {

/// shfl.sync as the PTX ISA defines it: c holds the clamp value in bits 0-4
/// and the segment mask in bits 8-12. A source lane outside the mask gives
/// the lane's own value.
uint32_t shuffle(ShuffleMode Mode, const WarpLanes &Lanes, unsigned Lane) {
  int B = Lanes.B[Lane] & 31, C = Lanes.C[Lane] & 31;
  int SegMask = Lanes.C[Lane] >> 8 & 31;
  int L = Lane, MaxLane = (L & SegMask) | (C & ~SegMask);
  int MinLane = L & SegMask, J = L;
  bool InRange = false;
  switch (Mode) {
  case ShuffleMode::Up:
    J = L - B;
    InRange = J >= MaxLane;
    break;
  case ShuffleMode::Down:
    J = L + B;
    InRange = J <= MaxLane;
    break;
  case ShuffleMode::Bfly:
    J = L ^ B;
    InRange = J <= MaxLane;
    break;
  case ShuffleMode::Idx:
    J = MinLane | (B & ~SegMask);
    InRange = J <= MaxLane;
    break;
  }
  if (!InRange || !(Lanes.Mask >> J & 1))
    J = L;
  return Lanes.Values[J];
}

uint32_t vote(VoteMode Mode, const WarpLanes &Lanes, unsigned Lane) {
  uint32_t Ballot = 0, Active = 0, Same = 0;
  uint32_t Own = Lanes.Values[Lane];
  uint32_t Add = 0, And = ~0u, Or = 0, Xor = 0;
  int32_t Min = INT32_MAX, Max = INT32_MIN;
  uint32_t Umin = ~0u, Umax = 0;
  for (unsigned I = 0; I < WarpWidth; ++I) {
    if (!(Lanes.Mask >> I & 1))
      continue;
    uint32_t V = Lanes.Values[I];
    ++Active;
    Ballot |= uint32_t(V != 0) << I;
    Same |= uint32_t(V == Own) << I;
    Add += V;
    And &= V;
    Or |= V;
    Xor ^= V;
    Min = std::min(Min, int32_t(V));
    Max = std::max(Max, int32_t(V));
    Umin = std::min(Umin, V);
    Umax = std::max(Umax, V);
  }
  unsigned Set = __builtin_popcount(Ballot);
  switch (Mode) {
  case VoteMode::All:
    return Set == Active;
  case VoteMode::Any:
    return Set != 0;
  case VoteMode::Uni:
    return Set == 0 || Set == Active;
  case VoteMode::Ballot:
    return Ballot;
  case VoteMode::MatchAny:
    return Same;
  case VoteMode::MatchAll:
    return Same == Lanes.Mask ? Lanes.Mask : 0;
  case VoteMode::ReduxAdd:
    return Add;
  case VoteMode::ReduxMin:
    return uint32_t(Min);
  case VoteMode::ReduxMax:
    return uint32_t(Max);
  case VoteMode::ReduxUmin:
    return Umin;
  case VoteMode::ReduxUmax:
    return Umax;
  case VoteMode::ReduxAnd:
    return And;
  case VoteMode::ReduxOr:
    return Or;
  case VoteMode::ReduxXor:
    return Xor;
  case VoteMode::ActiveMask:
    return Lanes.Mask;
  }
  return 0;
}

} // namespace

uint32_t computeWarpOp(unsigned Kind, unsigned Mode, const WarpLanes &Lanes,
                       unsigned Lane) {
  if (Kind == 0)
    return shuffle(ShuffleMode(Mode), Lanes, Lane);
  if (Kind == 1)
    return vote(VoteMode(Mode), Lanes, Lane);
  if (Kind == WarpMatrix)
    computeMatrixOp(Mode, Lanes, Lane);
  return 0;
}

} // namespace gevo::cpu
