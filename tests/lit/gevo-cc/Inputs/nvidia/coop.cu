// Cooperative groups from NVIDIA's headers: compiles; the cpu target does
// not run the block-tile memory it reserves yet, and says so.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

extern "C" __global__ void tile_sum(const float *in, float *out) {
  cg::thread_block b = cg::this_thread_block();
  cg::thread_block_tile<32> t = cg::tiled_partition<32>(b);
  float v = cg::reduce(t, in[b.thread_rank()], cg::plus<float>());
  if (t.thread_rank() == 0)
    out[b.thread_rank() / 32] = v;
}
