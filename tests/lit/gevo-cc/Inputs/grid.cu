// cooperative_groups::this_grid().sync() under a cooperative launch (NVIDIA's
// headers or gevo's): each block sums its share of the input into
// partial[], the grid synchronises, and every thread then reads every
// block's partial sum, another block's output of the same launch that only
// the grid barrier orders; the total is checked against a plain sum (a
// mismatch traps). Rounds reuse the barrier, each ending with a grid sync
// before the next overwrites partial[]. GEVO_NO_GRID_SYNC has a block's
// barrier in the first sync's place (and no traps, whose mismatch would
// come first): an inter-block race.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#ifdef GEVO_NO_GRID_SYNC
#define SAME(A, B)
#else
#define SAME(A, B)                                                             \
  if ((A) != (B))                                                              \
    __trap();
#endif

extern "C" __global__ void grid_sum(const int *in, int *partial, int *out,
                                    int n, int rounds) {
  cg::grid_group g = cg::this_grid();
  cg::thread_block b = cg::this_thread_block();
  __shared__ int s[128];
  unsigned t = b.thread_rank();
  SAME(g.is_valid(), true)
  SAME(g.num_blocks(), gridDim.x)
  SAME(g.size(), (unsigned long long)gridDim.x * blockDim.x)
  SAME(g.thread_rank(), (unsigned long long)blockIdx.x * blockDim.x + t)
  int acc = 0;
  for (int r = 1; r <= rounds; ++r) {
    int sum = 0;
    for (unsigned long long i = g.thread_rank(); i < (unsigned long long)n;
         i += g.size())
      sum += in[i] * r;
    s[t] = sum;
    b.sync();
    for (unsigned k = blockDim.x / 2; k; k >>= 1) {
      if (t < k)
        s[t] += s[t + k];
      b.sync();
    }
    if (t == 0)
      partial[blockIdx.x] = s[0];
#ifdef GEVO_NO_GRID_SYNC
    b.sync();
#else
    g.sync();
#endif
    int total = 0;
    for (unsigned j = 0; j < gridDim.x; ++j)
      total += partial[j];
    int plain = 0;
    for (int i = 0; i < n; ++i)
      plain += in[i] * r;
    SAME(total, plain)
    acc += total;
    g.sync();
  }
  out[g.thread_rank()] = acc;
}
