//===- Simd.cpp - libdevice's per-halfword and per-byte SIMD functions ----===//
//
// __nv_v<op>2 works on two 16-bit lanes, __nv_v<op>4 on four 8-bit lanes, as
// CUDA's __v<op>2/__v<op>4: "ss"/"us" saturate signed/unsigned, vcmp sets a
// lane to all ones, vset to 1, vsad sums the lanes' absolute differences.
//
//===----------------------------------------------------------------------===//

#include "Families.h"

#include <algorithm>

namespace gevo::cpu::libdevice {
namespace {

template <unsigned Bits> struct Lane {
  static constexpr int64_t UMax = (int64_t(1) << Bits) - 1;
  static constexpr int64_t Max = UMax >> 1, Min = -Max - 1;
  static int64_t clampS(int64_t V) { return std::clamp(V, Min, Max); }
  static int64_t clampU(int64_t V) { return std::clamp<int64_t>(V, 0, UMax); }
};

/// Calls Use(Shift, R) for each lane, R being Op::apply<Lane>(SA, SB, UA, UB)
/// of the lane's signed and unsigned values in A and B.
template <unsigned Bits, typename Op, typename Fn>
void forLanes(int A, int B, Fn Use) {
  using L = Lane<Bits>;
  for (unsigned Shift = 0; Shift < 32; Shift += Bits) {
    int64_t UA = (static_cast<uint32_t>(A) >> Shift) & L::UMax;
    int64_t UB = (static_cast<uint32_t>(B) >> Shift) & L::UMax;
    int64_t SA = UA > L::Max ? UA - L::UMax - 1 : UA;
    int64_t SB = UB > L::Max ? UB - L::UMax - 1 : UB;
    Use(Shift, Op::template apply<L>(SA, SB, UA, UB));
  }
}

/// The lanes' results packed, each wrapped to the lane width.
template <unsigned Bits, typename Op> int perLane(int A, int B) {
  uint32_t R = 0;
  forLanes<Bits, Op>(A, B, [&](unsigned Shift, int64_t V) {
    R |= static_cast<uint32_t>(V & Lane<Bits>::UMax) << Shift;
  });
  return static_cast<int>(R);
}

template <unsigned Bits, typename Op> int perLane1(int A) {
  return perLane<Bits, Op>(A, 0);
}

/// The sum of the lanes' results.
template <unsigned Bits, typename Op> int sumLanes(int A, int B) {
  int64_t Sum = 0;
  forLanes<Bits, Op>(A, B, [&](unsigned, int64_t V) { Sum += V; });
  return static_cast<int>(Sum);
}

// One lane operation, Expr of SA, SB (signed lanes), UA, UB (unsigned) and
// the lane description L.
#define LANE_OP(Name, Expr)                                                    \
  struct Name {                                                                \
    template <typename L>                                                      \
    static int64_t apply(int64_t SA, int64_t SB, int64_t UA, int64_t UB) {     \
      return Expr;                                                             \
    }                                                                          \
  };
LANE_OP(Abs, SA < 0 ? -SA : SA)
LANE_OP(AbsSs, L::clampS(SA < 0 ? -SA : SA))
LANE_OP(AbsDiffS, SA > SB ? SA - SB : SB - SA)
LANE_OP(AbsDiffU, UA > UB ? UA - UB : UB - UA)
LANE_OP(Add, UA + UB)
LANE_OP(AddSs, L::clampS(SA + SB))
LANE_OP(AddUs, L::clampU(UA + UB))
// Rounds half away from zero, as CUDA's __vavgs2/4.
LANE_OP(AvgS, SA + SB < 0 ? (SA + SB) >> 1 : (SA + SB + 1) >> 1)
LANE_OP(AvgU, (UA + UB + 1) >> 1)
LANE_OP(HaddU, (UA + UB) >> 1)
LANE_OP(MaxS, std::max(SA, SB))
LANE_OP(MaxU, std::max(UA, UB))
LANE_OP(MinS, std::min(SA, SB))
LANE_OP(MinU, std::min(UA, UB))
LANE_OP(Neg, -SA)
LANE_OP(NegSs, L::clampS(-SA))
LANE_OP(Sub, UA - UB)
LANE_OP(SubSs, L::clampS(SA - SB))
LANE_OP(SubUs, L::clampU(UA - UB))
LANE_OP(Eq, UA == UB)
LANE_OP(Ne, UA != UB)
LANE_OP(GeS, SA >= SB)
LANE_OP(GeU, UA >= UB)
LANE_OP(GtS, SA > SB)
LANE_OP(GtU, UA > UB)
LANE_OP(LeS, SA <= SB)
LANE_OP(LeU, UA <= UB)
LANE_OP(LtS, SA < SB)
LANE_OP(LtU, UA < UB)
#undef LANE_OP

/// A comparison as vcmp: all ones for true.
template <typename Cmp> struct Mask {
  template <typename L>
  static int64_t apply(int64_t SA, int64_t SB, int64_t UA, int64_t UB) {
    return Cmp::template apply<L>(SA, SB, UA, UB) ? L::UMax : 0;
  }
};

// __nv_<Name>2 and __nv_<Name>4 from Driver<Bits, Op>.
#define BOTH(Name, Driver, Op)                                                 \
  {"__nv_" #Name "2", address(&Driver<16, Op>)}, {                             \
    "__nv_" #Name "4", address(&Driver<8, Op>)                                 \
  }
#define COMPARE(Suffix, Op)                                                    \
  BOTH(vcmp##Suffix, perLane, Mask<Op>), BOTH(vset##Suffix, perLane, Op)

const RuntimeSymbol Symbols[] = {
    BOTH(vabs, perLane1, Abs),
    BOTH(vabsss, perLane1, AbsSs),
    BOTH(vneg, perLane1, Neg),
    BOTH(vnegss, perLane1, NegSs),
    BOTH(vabsdiffs, perLane, AbsDiffS),
    BOTH(vabsdiffu, perLane, AbsDiffU),
    BOTH(vadd, perLane, Add),
    BOTH(vaddss, perLane, AddSs),
    BOTH(vaddus, perLane, AddUs),
    BOTH(vavgs, perLane, AvgS),
    BOTH(vavgu, perLane, AvgU),
    BOTH(vhaddu, perLane, HaddU),
    BOTH(vmaxs, perLane, MaxS),
    BOTH(vmaxu, perLane, MaxU),
    BOTH(vmins, perLane, MinS),
    BOTH(vminu, perLane, MinU),
    BOTH(vsub, perLane, Sub),
    BOTH(vsubss, perLane, SubSs),
    BOTH(vsubus, perLane, SubUs),
    BOTH(vsads, sumLanes, AbsDiffS),
    BOTH(vsadu, sumLanes, AbsDiffU),
    COMPARE(eq, Eq),
    COMPARE(ne, Ne),
    COMPARE(ges, GeS),
    COMPARE(geu, GeU),
    COMPARE(gts, GtS),
    COMPARE(gtu, GtU),
    COMPARE(les, LeS),
    COMPARE(leu, LeU),
    COMPARE(lts, LtS),
    COMPARE(ltu, LtU),
};
#undef BOTH
#undef COMPARE

} // namespace

llvm::ArrayRef<RuntimeSymbol> simdSymbols() { return Symbols; }

} // namespace gevo::cpu::libdevice
