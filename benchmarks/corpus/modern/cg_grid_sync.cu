// A two-phase reduction in one launch: every block writes its partial sum,
// the whole grid waits at cg::this_grid().sync() (a cooperative launch on a
// GPU), and block 0 adds the partials. Checked against a serial sum of
// the (integer) inputs.
#include "check.h"
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void grid_reduce(int *partial, int *total, const int *in, int n) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  __shared__ int acc;
  if (block.thread_rank() == 0)
    acc = 0;
  block.sync();
  for (int i = grid.thread_rank(); i < n; i += grid.size())
    atomicAdd(&acc, in[i]);
  block.sync();
  if (block.thread_rank() == 0)
    partial[blockIdx.x] = acc;
  grid.sync();
  if (grid.thread_rank() == 0) {
    int s = 0, plain = 0;
    for (int b = 0; b < gridDim.x; ++b)
      s += partial[b];
    for (int i = 0; i < n; ++i)
      plain += in[i];
    CHECK(s == plain);
    *total = s;
  }
}
