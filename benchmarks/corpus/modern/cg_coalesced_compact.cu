// Stream compaction with warp-aggregated atomics: the threads that keep an
// element form a coalesced group, its leader reserves room for all of them
// with one atomicAdd and broadcasts the base through the group's shfl. The
// output order depends on the schedule (the spec compares it as a
// multiset); a second kernel checks the count against a serial one.
#include "check.h"
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ int reserve(int *counter) {
  cg::coalesced_group g = cg::coalesced_threads();
  int base = 0;
  if (g.thread_rank() == 0)
    base = atomicAdd(counter, (int)g.size());
  return g.shfl(base, 0) + (int)g.thread_rank();
}

__global__ void compact_positive(int *out, int *count, const int *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0)
    out[reserve(count)] = in[i];
}

__global__ void check_count(const int *count, const int *in, int n) {
  int plain = 0;
  for (int i = 0; i < n; ++i)
    plain += in[i] > 0;
  CHECK(*count == plain);
}
