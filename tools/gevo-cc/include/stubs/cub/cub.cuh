//===- cub/cub.cuh - gevo's CUB ------------------------------*- C++ -*-===//
//
// CUB's block- and warp-level collectives, written for gevo's CUDA header
// (`gevo-cc --cuda-headers gevo`, no toolkit): BlockLoad, BlockStore,
// BlockExchange, BlockReduce, BlockScan, BlockRadixSort, BlockHistogram,
// WarpReduce, WarpScan, the free load/store functions, cub::Sum/Max/Min,
// ArgMax/ArgMin and KeyValuePair, cuda::maximum/minimum and CUB 2's
// CTA_SYNC / WARP_SYNC. Each header says what it covers and leaves
// out. Correct and race-free, not fast: plain shared-memory algorithms
// with barriers, and warp shuffles. The device-wide algorithms
// (cub::DeviceReduce, DeviceScan, DeviceRadixSort, ...) are declarations
// for host code to parse (device/device_host_only.cuh). Not here:
// iterators, BlockDiscontinuity, BlockAdjacentDifference, BlockShuffle,
// BlockMergeSort, BlockRunLengthDecode, the Warp{Load,Store,Exchange,
// MergeSort} collectives.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_STUB_CUB_CUB_CUH
#define GEVO_STUB_CUB_CUB_CUH

#include <cub/block/block_exchange.cuh>
#include <cub/block/block_histogram.cuh>
#include <cub/block/block_load.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>
#include <cub/device/device_host_only.cuh>
#include <cub/thread/thread_operators.cuh>
#include <cub/util_ptx.cuh>
#include <cub/util_type.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>

#endif
