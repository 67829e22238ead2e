// Data-dependent groups of cooperative groups: cg::binary_partition splits
// a warp by a predicate, cg::labeled_partition by a key, and the runtime-
// sized cg::tiled_partition(block, 8) gives thread_group tiles; each
// group's size, rank and a reduction over it (via its shfl) are checked
// against ballots and loops.
#include "check.h"
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void partitions(int *out, const int *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x, v = in[i];
  int lane = warp.thread_rank();
  cg::coalesced_group side = cg::binary_partition(warp, v >= 0);
  unsigned same = __ballot_sync(0xffffffffu, v >= 0);
  if (v < 0)
    same = ~same;
  CHECK(side.size() == (unsigned)__popc(same));
  CHECK(side.thread_rank() == (unsigned)__popc(same & ((1u << lane) - 1)));
  int key = v & 3;
  cg::coalesced_group peers = cg::labeled_partition(warp, key);
  unsigned match = __match_any_sync(0xffffffffu, key);
  CHECK(peers.size() == (unsigned)__popc(match));
  int s = v;
  for (unsigned r = 1; r < peers.size(); r *= 2) { // tree sum via shfl_xor-free shfl
    int o = peers.shfl(s, (peers.thread_rank() + r) % peers.size());
    s += o;
    peers.sync();
  }
  int plain = 0;
  for (int k = 0; k < 32; ++k)
    if (match >> k & 1)
      plain += in[i - lane + k];
  CHECK(__popc(peers.size()) != 1 || s == plain);
  cg::thread_group eight = cg::tiled_partition(block, 8);
  CHECK(eight.size() == 8 && eight.thread_rank() == threadIdx.x % 8);
  eight.sync();
  out[i] = s + (int)side.size();
}
