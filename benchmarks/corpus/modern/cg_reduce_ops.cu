// cg::reduce with each of cooperative groups' function objects (plus, less,
// greater, bit_and, bit_or, bit_xor) over 32-, 8- and 2-wide tiles of
// unsigned values, plus tile votes (any, all, ballot); every result is
// checked against a loop over the tile's inputs.
#include "check.h"
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

template <unsigned N, class Tile>
__device__ unsigned checkTile(Tile t, const unsigned *in) {
  unsigned me = threadIdx.x, first = me - t.thread_rank(), v = in[me];
  unsigned s = 0, lo = ~0u, hi = 0, a = ~0u, o = 0, x = 0, bal = 0;
  for (unsigned k = 0; k < N; ++k) {
    unsigned w = in[first + k];
    s += w, lo = min(lo, w), hi = max(hi, w), a &= w, o |= w, x ^= w;
    bal |= unsigned(w % 3 == 0) << k;
  }
  CHECK(cg::reduce(t, v, cg::plus<unsigned>()) == s);
  CHECK(cg::reduce(t, v, cg::less<unsigned>()) == lo);
  CHECK(cg::reduce(t, v, cg::greater<unsigned>()) == hi);
  CHECK(cg::reduce(t, v, cg::bit_and<unsigned>()) == a);
  CHECK(cg::reduce(t, v, cg::bit_or<unsigned>()) == o);
  CHECK(cg::reduce(t, v, cg::bit_xor<unsigned>()) == x);
  CHECK(t.ballot(v % 3 == 0) == bal);
  CHECK(t.any(v % 3 == 0) == (bal != 0));
  CHECK(t.all(v % 3 == 0) == (bal == (N == 32 ? ~0u : (1u << N) - 1)));
  return s ^ x;
}

extern "C" __global__ void reduce_ops(unsigned *out, const unsigned *in) {
  in += blockIdx.x * blockDim.x;
  cg::thread_block b = cg::this_thread_block();
  auto w32 = cg::tiled_partition<32>(b);
  auto w8 = cg::tiled_partition<8>(w32);
  auto w2 = cg::tiled_partition<2>(w8);
  unsigned r = checkTile<32>(w32, in) + checkTile<8>(w8, in) + checkTile<2>(w2, in);
  out[blockIdx.x * blockDim.x + threadIdx.x] = r;
}
