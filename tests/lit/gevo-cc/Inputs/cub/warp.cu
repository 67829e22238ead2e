// CUB's warp-level collectives on 128 threads: WarpReduce (Sum, Reduce
// with cuda::maximum and with a non-commutative operator, valid_items,
// logical warps of 16 and 8 lanes, doubles, head- and tail-segmented sums)
// and WarpScan (InclusiveSum on ints and floats, ExclusiveSum with the warp
// aggregate, InclusiveScan with and without an initial value,
// ExclusiveScan with an initial value or none, Scan, Broadcast, logical
// warps of 16 lanes). Each checked against plain loops over the warp's
// inputs (a mismatch traps); with -DCUB_LEGACY_OPS, cub::Sum, cub::Max,
// cub::Min, CTA_SYNC and WARP_SYNC too (gevo's header only). The defined
// results go to `out` for the hash (common.h).
#include "common.h"
#include <cub/cub.cuh>

constexpr int T = 128, OUT = 16; // ints of `out` per thread

extern "C" __global__ void warp(const int *in, int *out) {
  using R32 = cub::WarpReduce<int>;
  using R16 = cub::WarpReduce<int, 16>;
  using R8 = cub::WarpReduce<double, 8>;
  using S32 = cub::WarpScan<int>;
  using S16 = cub::WarpScan<int, 16>;
  using SF = cub::WarpScan<float>;
  __shared__ typename R32::TempStorage r32[T / 32];
  __shared__ typename R16::TempStorage r16[T / 16];
  __shared__ typename R8::TempStorage r8[T / 8];
  __shared__ typename S32::TempStorage s32[T / 32];
  __shared__ typename S16::TempStorage s16[T / 16];
  __shared__ typename SF::TempStorage sf[T / 32];
  const int t = threadIdx.x, lane = t % 32, first = t - lane;
  const int v = in[blockIdx.x * T + t];
  const int *warpIn = in + blockIdx.x * T + first;
  int *o = out + (blockIdx.x * T + t) * OUT;

  // Reductions: the result is the logical warp's lane 0's.
  int sum = R32(r32[t / 32]).Sum(v);
  int sum20 = R32(r32[t / 32]).Sum(v, 20);
  int last = R32(r32[t / 32]).Reduce(v, Last());
  int max16 = R16(r16[t / 16]).Reduce(v, cuda::maximum<>{});
  double d8 = R8(r8[t / 8]).Sum(v * 0.5);
  int plainSum = 0, plain20 = 0, plainMax16 = warpIn[lane / 16 * 16];
  double plain8 = 0;
  for (int k = 0; k < 32; ++k) {
    plainSum += warpIn[k];
    plain20 += k < 20 ? warpIn[k] : 0;
    if (k / 16 == lane / 16)
      plainMax16 = warpIn[k] > plainMax16 ? warpIn[k] : plainMax16;
    if (k / 8 == lane / 8)
      plain8 += warpIn[k] * 0.5;
  }
  if (lane == 0) {
    SAME(sum, plainSum);
    SAME(sum20, plain20);
    SAME(last, warpIn[31]);
    o[0] = sum, o[1] = sum20, o[2] = last;
  }
  if (lane % 16 == 0) {
    SAME(max16, plainMax16);
    o[3] = max16;
  }
  if (lane % 8 == 0) {
    SAME(d8, plain8);
    o[4] = (int)(d8 * 2);
  }

#ifdef CUB_LEGACY_OPS
  // CUB 2's functors, which CUB 3 (CUDA 13) dropped.
  int lmax = R32(r32[t / 32]).Reduce(v, cub::Max());
  int lmin = R32(r32[t / 32]).Reduce(v, cub::Min());
  int lsum = R32(r32[t / 32]).Reduce(v, cub::Sum());
  int pmax = warpIn[0], pmin = warpIn[0];
  for (int k = 0; k < 32; ++k)
    pmax = max(pmax, warpIn[k]), pmin = min(pmin, warpIn[k]);
  cub::WARP_SYNC(~0u);
  cub::CTA_SYNC();
  if (lane == 0) {
    SAME(lmax, pmax);
    SAME(lmin, pmin);
    SAME(lsum, plainSum);
  }
#endif

  // Segmented sums: a segment starts at a head flag (and lane 0), or
  // after a tail flag; its sum is its first lane's.
  int head = v % 5 == 0, tail = v % 7 == 0;
  int headSum = R32(r32[t / 32]).HeadSegmentedSum(v, head);
  int tailSum = R32(r32[t / 32]).TailSegmentedSum(v, tail);
  bool headStart = lane == 0 || head;
  bool tailStart = lane == 0 || warpIn[lane - 1] % 7 == 0;
  if (headStart) {
    int s = v;
    for (int k = lane + 1; k < 32 && warpIn[k] % 5 != 0; ++k)
      s += warpIn[k];
    SAME(headSum, s);
    o[5] = headSum;
  }
  if (tailStart) {
    int s = 0;
    for (int k = lane; k < 32; ++k) {
      s += warpIn[k];
      if (warpIn[k] % 7 == 0)
        break;
    }
    SAME(tailSum, s);
    o[6] = tailSum;
  }

  // Scans.
  int incl, excl, aggregate, inclMax, inclInit, exclInit, exclNone;
  int scanIn, scanEx, b;
  S32(s32[t / 32]).InclusiveSum(v, incl);
  S32(s32[t / 32]).ExclusiveSum(v, excl, aggregate);
  S32(s32[t / 32]).InclusiveScan(v, inclMax, MaxOp());
  S32(s32[t / 32]).InclusiveScan(v, inclInit, 100, Plus());
  S32(s32[t / 32]).ExclusiveScan(v, exclInit, -1000, MaxOp());
  S32(s32[t / 32]).ExclusiveScan(v, exclNone, MaxOp());
  S32(s32[t / 32]).Scan(v, scanIn, scanEx, MaxOp());
  b = S32(s32[t / 32]).Broadcast(v, 5);
  int incl16;
  S16(s16[t / 16]).InclusiveSum(v, incl16);
  float inclF;
  SF(sf[t / 32]).InclusiveSum((float)v, inclF);
  int plainIncl = 0, plainExMax = -1000, plain16 = 0;
  for (int k = 0; k <= lane; ++k) {
    plainIncl += warpIn[k];
    if (k < lane && warpIn[k] > plainExMax)
      plainExMax = warpIn[k];
    if (k / 16 == lane / 16)
      plain16 += warpIn[k];
  }
  int plainMax = v > plainExMax ? v : plainExMax; // inputs are above -1000
  SAME(incl, plainIncl);
  SAME(excl, plainIncl - v);
  SAME(aggregate, plainSum);
  SAME(inclMax, plainMax);
  SAME(inclInit, 100 + plainIncl);
  SAME(exclInit, plainExMax);
  if (lane > 0) {
    SAME(exclNone, plainExMax);
    SAME(scanEx, plainExMax);
  }
  SAME(scanIn, plainMax);
  SAME(b, warpIn[5]);
  SAME(incl16, plain16);
  SAME(inclF, (float)plainIncl);
  o[7] = incl, o[8] = excl, o[9] = aggregate, o[10] = inclMax;
  o[11] = inclInit, o[12] = exclInit, o[13] = b, o[14] = incl16;
  o[15] = (int)inclF;
}
