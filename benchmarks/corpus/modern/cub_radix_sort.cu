// Sorting a tile of key-value pairs in one block with cub::BlockRadixSort
// (striped output), loaded and stored with cub::BlockLoad/BlockStore's
// direct and transposed algorithms. Each thread checks its striped keys
// are in order against its neighbour's and the block checks the key
// checksum survived.
#include "check.h"
#include <cub/block/block_load.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_store.cuh>

constexpr int THREADS = 64, ITEMS = 4, TILE = THREADS * ITEMS;

__global__ void sort_pairs(unsigned *keysOut, int *valsOut, const unsigned *keys) {
  using Sort = cub::BlockRadixSort<unsigned, THREADS, ITEMS, int>;
  using StoreK = cub::BlockStore<unsigned, THREADS, ITEMS, cub::BLOCK_STORE_DIRECT>;
  __shared__ typename Sort::TempStorage sortTemp;
  __shared__ unsigned sorted[TILE];
  int base = blockIdx.x * TILE;
  unsigned k[ITEMS];
  int v[ITEMS];
  cub::LoadDirectBlocked(threadIdx.x, keys + base, k);
  for (int i = 0; i < ITEMS; ++i)
    v[i] = threadIdx.x * ITEMS + i; // original position
  Sort(sortTemp).SortBlockedToStriped(k, v);
  for (int i = 0; i < ITEMS; ++i)
    sorted[i * THREADS + threadIdx.x] = k[i];
  __syncthreads();
  for (int i = 0; i < ITEMS; ++i) {
    int pos = i * THREADS + threadIdx.x;
    CHECK(pos == 0 || sorted[pos - 1] <= sorted[pos]);
    CHECK(keys[base + v[i]] == k[i]); // the value follows its key
  }
  if (threadIdx.x == 0) {
    unsigned a = 0, b = 0;
    for (int i = 0; i < TILE; ++i)
      a += keys[base + i], b += sorted[i];
    CHECK(a == b);
  }
  unsigned blocked[ITEMS];
  for (int i = 0; i < ITEMS; ++i)
    blocked[i] = sorted[threadIdx.x * ITEMS + i];
  StoreK().Store(keysOut + base, blocked);
  cub::StoreDirectStriped<THREADS>(threadIdx.x, valsOut + base, v);
}
