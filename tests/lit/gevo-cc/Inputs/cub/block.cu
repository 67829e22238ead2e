// CUB's block-level collectives on 2 tiles of 128 threads x 4 items:
// BlockLoad (warp-transpose, striped, guarded with a default, the free
// warp-striped load), BlockExchange, BlockStore (striped), BlockReduce
// (Sum of arrays, Reduce with an operator, num_valid, ArgMax over
// KeyValuePairs), BlockScan (sums
// with and without the block aggregate, scans with an initial value or
// none, inclusive max scans, a prefix callback op carried over two tiles)
// and a 16 x 8 block's BlockReduce / BlockScan. Each result is checked
// against plain loops (a mismatch traps) and the defined ones written to
// `out` for the hash (common.h).
#include "common.h"
#include <cub/block/block_exchange.cuh>
#include <cub/block/block_load.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>

constexpr int T = 128, N = 4, TILE = T * N, VALID = 300;
constexpr int OUT = 6 * TILE; // ints of `out` per block

/// The running total across tiles, as CUB's documentation writes it.
struct RunningPrefix {
  int total;
  __device__ int operator()(int aggregate) {
    int old = total;
    total += aggregate;
    return old;
  }
};

extern "C" __global__ void block(const int *in, int *out) {
  using Load = cub::BlockLoad<int, T, N, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using LoadS = cub::BlockLoad<int, T, N, cub::BLOCK_LOAD_STRIPED>;
  using StoreS = cub::BlockStore<int, T, N, cub::BLOCK_STORE_STRIPED>;
  using Exchange = cub::BlockExchange<int, T, N>;
  using Reduce = cub::BlockReduce<int, T>;
  using Scan = cub::BlockScan<int, T>;
  using ArgReduce = cub::BlockReduce<cub::KeyValuePair<int, int>, T>;
  __shared__ union {
    typename Load::TempStorage load;
    typename LoadS::TempStorage loadS;
    typename StoreS::TempStorage store;
    typename Exchange::TempStorage exchange;
    typename Reduce::TempStorage reduce;
    typename Scan::TempStorage scan;
    typename ArgReduce::TempStorage arg;
  } temp;
  const int t = threadIdx.x, *tile = in + blockIdx.x * TILE;
  int *o = out + blockIdx.x * OUT;

  // Loads: blocked, striped, guarded, warp-striped.
  int a[N], s[N], g[N], w[N];
  Load(temp.load).Load(tile, a);
  __syncthreads();
  LoadS(temp.loadS).Load(tile, s);
  __syncthreads();
  Load(temp.load).Load(tile, g, VALID, -7);
  __syncthreads();
  cub::LoadDirectWarpStriped(t, tile, w);
  for (int i = 0; i < N; ++i) {
    SAME(a[i], tile[t * N + i]);
    SAME(s[i], tile[i * T + t]);
    SAME(g[i], t * N + i < VALID ? tile[t * N + i] : -7);
    SAME(w[i], tile[t / 32 * 32 * N + i * 32 + t % 32]);
  }

  // Blocked to striped, stored striped: the tile again, in order.
  int b[N];
  Exchange(temp.exchange).BlockedToStriped(a, b);
  __syncthreads();
  for (int i = 0; i < N; ++i)
    SAME(b[i], s[i]);
  StoreS(temp.store).Store(o, b);
  __syncthreads();
  for (int i = 0; i < N; ++i)
    SAME(o[t * N + i], tile[t * N + i]);

  // Reductions: the result is thread 0's.
  int sum = Reduce(temp.reduce).Sum(a);
  __syncthreads();
  int mx = Reduce(temp.reduce).Reduce(a[0], MaxOp());
  __syncthreads();
  int part = Reduce(temp.reduce).Sum(a[1], 100);
  __syncthreads();
  int last = Reduce(temp.reduce).Reduce(a[2], Last());
  __syncthreads();
  int plainSum = 0, plainMax = tile[0], plainPart = 0;
  for (int k = 0; k < TILE; ++k)
    plainSum += tile[k];
  for (int k = 0; k < T; ++k) {
    plainMax = tile[k * N] > plainMax ? tile[k * N] : plainMax;
    plainPart += k < 100 ? tile[k * N + 1] : 0;
  }
  if (t == 0) {
    SAME(sum, plainSum);
    SAME(mx, plainMax);
    SAME(part, plainPart);
    SAME(last, tile[(T - 1) * N + 2]);
    o[TILE] = sum, o[TILE + 1] = mx, o[TILE + 2] = part, o[TILE + 3] = last;
  }

  // The first thread holding the largest first item, and its item.
  cub::KeyValuePair<int, int> best =
      ArgReduce(temp.arg).Reduce(cub::KeyValuePair<int, int>(t, a[0]),
                                 cub::ArgMax());
  __syncthreads();
  if (t == 0) {
    int at = 0;
    for (int k = 1; k < T; ++k)
      at = tile[k * N] > tile[at * N] ? k : at;
    SAME(best.key, at);
    SAME(best.value, tile[at * N]);
    o[5 * TILE + 8] = best.key, o[5 * TILE + 9] = best.value;
  }

  // Scans of the blocked tile: thread t's items are t*N .. t*N+N-1.
  int ex[N], inMax[N], aggregate, maxAggregate;
  Scan(temp.scan).ExclusiveSum(a, ex, aggregate);
  __syncthreads();
  Scan(temp.scan).InclusiveScan(a, inMax, MaxOp(), maxAggregate);
  __syncthreads();
  int before = 0, runMax = tile[0];
  for (int k = 0; k < t * N; ++k)
    before += tile[k], runMax = tile[k] > runMax ? tile[k] : runMax;
  SAME(aggregate, plainSum);
  for (int i = 0; i < N; ++i) {
    runMax = tile[t * N + i] > runMax ? tile[t * N + i] : runMax;
    SAME(ex[i], before);
    SAME(inMax[i], runMax);
    before += tile[t * N + i];
    o[TILE + 4 + t * N + i] = ex[i];
    o[2 * TILE + 4 + t * N + i] = inMax[i];
  }

  // One item per thread: the threads' first items.
  int v = a[0], incl, exMax, exNone, exAgg, exInit;
  Scan(temp.scan).InclusiveSum(v, incl);
  __syncthreads();
  Scan(temp.scan).ExclusiveScan(v, exMax, -1000, MaxOp());
  __syncthreads();
  Scan(temp.scan).ExclusiveScan(v, exNone, MaxOp());
  __syncthreads();
  Scan(temp.scan).ExclusiveScan(v, exInit, 1000, Plus(), exAgg);
  __syncthreads();
  int plainIncl = 0, plainExMax = -1000, plainFirsts = 0;
  for (int k = 0; k < T; ++k) {
    plainFirsts += tile[k * N];
    if (k < t)
      plainExMax = tile[k * N] > plainExMax ? tile[k * N] : plainExMax;
    if (k <= t)
      plainIncl += tile[k * N];
  }
  SAME(incl, plainIncl);
  SAME(exMax, plainExMax);
  if (t > 0)
    SAME(exNone, plainExMax);
  SAME(exInit, 1000 + plainIncl - v);
  SAME(exAgg, plainFirsts);
  o[3 * TILE + 4 + t] = incl, o[3 * TILE + 4 + T + t] = exMax;
  o[3 * TILE + 4 + 2 * T + t] = exInit;

  // A prefix callback op over both tiles, each scanned twice: every scan
  // continues the last. The callback runs in the first warp; lane 0's
  // result is the block's prefix.
  RunningPrefix prefix{5};
  int run = 5;
  for (int k = 0; k < 2; ++k) {
    const int *tk = in + k * TILE;
    int x, y, below = 0, all = 0;
    for (int j = 0; j < T; ++j)
      below += j < t ? tk[j] : 0, all += tk[j];
    Scan(temp.scan).ExclusiveSum(tk[t], x, prefix);
    __syncthreads();
    SAME(x, run + below);
    run += all;
    Scan(temp.scan).InclusiveSum(tk[t], y, prefix);
    __syncthreads();
    SAME(y, run + below + tk[t]);
    run += all;
    o[4 * TILE + 4 + k * T + t] = x;
    o[4 * TILE + 4 + (k + 2) * T + t] = y;
  }
}

/// A 16 x 8 block: BlockReduce and BlockScan rank threads row-major.
extern "C" __global__ void block2d(const int *in, int *out) {
  using Reduce =
      cub::BlockReduce<int, 16, cub::BLOCK_REDUCE_WARP_REDUCTIONS, 8>;
  using Scan = cub::BlockScan<int, 16, cub::BLOCK_SCAN_RAKING, 8>;
  __shared__ typename Reduce::TempStorage reduce;
  __shared__ typename Scan::TempStorage scan;
  int rank = threadIdx.y * 16 + threadIdx.x, v = in[rank];
  int sum = Reduce(reduce).Sum(v), ex;
  Scan(scan).ExclusiveSum(v, ex);
  int plain = 0, total = 0;
  for (int k = 0; k < 128; ++k)
    plain += k < rank ? in[k] : 0, total += in[k];
  SAME(ex, plain);
  if (rank == 0) {
    SAME(sum, total);
    out[128] = sum;
  }
  out[rank] = ex;
}
