//===- cub/util_ptx.cuh - gevo's CUB: PTX utilities ----------*- C++ -*-===//
//
// CUB 2's barrier wrappers, which CUB 3 (CUDA 13) dropped: CTA_SYNC,
// CTA_SYNC_AND, CTA_SYNC_OR, WARP_SYNC; and cub::LaneId (from
// <cub/util_type.cuh>). Not here: CUB's other PTX wrappers (WarpId,
// SHFL_IDX_SYNC, BFE, ...).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_STUB_CUB_UTIL_PTX_CUH
#define GEVO_STUB_CUB_UTIL_PTX_CUH

#include <cub/util_type.cuh>

namespace cub {
__GEVO_CUB void CTA_SYNC() { __syncthreads(); }
__GEVO_CUB int CTA_SYNC_AND(int P) { return __syncthreads_and(P); }
__GEVO_CUB int CTA_SYNC_OR(int P) { return __syncthreads_or(P); }
__GEVO_CUB void WARP_SYNC(unsigned Mask) { __syncwarp(Mask); }
} // namespace cub

#endif
