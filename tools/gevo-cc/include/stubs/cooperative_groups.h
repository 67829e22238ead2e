//===- cooperative_groups.h - gevo's cooperative groups -----*- C++ -*-===//
//
// The part of CUDA's cooperative groups API kernels use most, written on
// the warp intrinsics gevo's header has, for machines without a CUDA
// toolkit (with one, `gevo-cc --cuda-headers nvidia` uses NVIDIA's):
// thread_block (this_thread_block), thread_block_tile<N> for N = 1..32 a
// power of two (tiled_partition<N>: sync, shfl, shfl_up, shfl_down,
// shfl_xor, any, all, ballot, match_any, match_all, thread_rank, size,
// num_threads, meta_group_rank, meta_group_size), coalesced_group
// (coalesced_threads: sync, shfl, shfl_up, shfl_down, any, all, ballot,
// match_any, match_all, thread_rank, size), binary_partition and
// labeled_partition of a tile or coalesced group (coalesced groups, by
// ballot and match.sync), thread_group (any of those, or a tile of a size
// known at run time: tiled_partition(group, n)), cg::sync(group),
// invoke_one and invoke_one_broadcast; in
// <cooperative_groups/reduce.h>, reduce with plus, less, greater, bit_and,
// bit_or, bit_xor, and in <cooperative_groups/scan.h> inclusive_scan and
// exclusive_scan; grid_group (this_grid: sync under a cooperative launch,
// thread_rank, size, num_threads, num_blocks, block_rank, block_index,
// dim_blocks, is_valid). Shuffles, reductions and scans take any trivially
// copyable type. Not here: tiles of more than 32 threads, reduce/scan over
// a thread_group, the *_update scans, cluster groups,
// thread_block_tile<N, Parent>'s second argument.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_STUB_COOPERATIVE_GROUPS_H
#define GEVO_STUB_COOPERATIVE_GROUPS_H

#include "../gevo_cuda/cg_shuffle.h"

#define __GEVO_CG __device__ __forceinline__

namespace cooperative_groups {
namespace __gevo {
__GEVO_CG unsigned lane() { return __nvvm_read_ptx_sreg_laneid(); }
__GEVO_CG unsigned blockRank() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
/// The lane holding rank \p R of the lanes in \p M.
__GEVO_CG unsigned nthLane(unsigned M, unsigned R) {
  for (unsigned L = 0; L < 32; ++L)
    if ((M >> L & 1) && R-- == 0)
      return L;
  return 0;
}
/// The bits of \p B at the lanes of \p M, packed down in lane order.
__GEVO_CG unsigned pack(unsigned M, unsigned B) {
  unsigned R = 0, K = 0;
  for (unsigned L = 0; L < 32; ++L)
    if (M >> L & 1)
      R |= (B >> L & 1) << K++;
  return R;
}
} // namespace __gevo

class thread_block {
public:
  __GEVO_CG void sync() const { __syncthreads(); }
  __GEVO_CG unsigned thread_rank() const { return __gevo::blockRank(); }
  __GEVO_CG unsigned size() const {
    return blockDim.x * blockDim.y * blockDim.z;
  }
  __GEVO_CG unsigned num_threads() const { return size(); }
  __GEVO_CG dim3 group_index() const { return blockIdx; }
  __GEVO_CG dim3 thread_index() const { return threadIdx; }
  __GEVO_CG dim3 group_dim() const { return blockDim; }
  __GEVO_CG dim3 dim_threads() const { return blockDim; }
};
__GEVO_CG thread_block this_thread_block() { return thread_block(); }

/// Every thread of the grid. sync() needs a cooperative launch
/// (cudaLaunchCooperativeKernel, a spec's "cooperative": true), whose
/// driver passes the grid workspace in %envreg1 (high half) and %envreg2
/// (low half); its second
/// word counts the blocks that arrived, and its top bit flips when all did.
class grid_group {
public:
  __GEVO_CG bool is_valid() const { return workspace() != nullptr; }
  /// Traps outside a cooperative launch, as NVIDIA's does.
  __GEVO_CG void sync() const {
    if (!is_valid())
      __trap();
    unsigned *Bar = workspace() + 1;
    __syncthreads();
    if (__gevo::blockRank() == 0) {
      // Block 0 adds what makes the count flip the top bit once every
      // block added its part: 1 each.
      unsigned Blocks = gridDim.x * gridDim.y * gridDim.z;
      unsigned Add = block_rank() == 0 ? 0x80000000u - (Blocks - 1) : 1;
      unsigned Before, Now;
      asm volatile("atom.add.release.gpu.u32 %0, [%1], %2;"
                   : "=r"(Before)
                   : "l"(Bar), "r"(Add)
                   : "memory");
      do
        asm volatile("ld.acquire.gpu.u32 %0, [%1];"
                     : "=r"(Now)
                     : "l"(Bar)
                     : "memory");
      while (((Before ^ Now) & 0x80000000u) == 0);
    }
    __syncthreads();
  }
  __GEVO_CG unsigned long long num_blocks() const {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
  }
  __GEVO_CG unsigned long long block_rank() const {
    return ((unsigned long long)blockIdx.z * gridDim.y + blockIdx.y) *
               gridDim.x +
           blockIdx.x;
  }
  __GEVO_CG unsigned long long num_threads() const {
    return num_blocks() * blockDim.x * blockDim.y * blockDim.z;
  }
  __GEVO_CG unsigned long long size() const { return num_threads(); }
  __GEVO_CG unsigned long long thread_rank() const {
    return block_rank() * (blockDim.x * blockDim.y * blockDim.z) +
           __gevo::blockRank();
  }
  __GEVO_CG dim3 block_index() const { return blockIdx; }
  __GEVO_CG dim3 dim_blocks() const { return gridDim; }

private:
  __GEVO_CG unsigned *workspace() const {
    unsigned Hi, Lo;
    asm("mov.u32 %0, %%envreg1;" : "=r"(Hi));
    asm("mov.u32 %0, %%envreg2;" : "=r"(Lo));
    return (unsigned *)((unsigned long long)Hi << 32 | Lo);
  }
};
__GEVO_CG grid_group this_grid() { return grid_group(); }

/// N consecutive threads of the block (N a power of two, at most 32).
template <unsigned N> class thread_block_tile {
  static_assert(N >= 1 && N <= 32 && (N & (N - 1)) == 0,
                "gevo's cooperative groups: tiles of 1 to 32 threads, a "
                "power of two (more need --cuda-headers nvidia)");

public:
  __GEVO_CG unsigned mask() const {
    unsigned First = __gevo::lane() / N * N;
    return (N == 32 ? ~0u : (1u << N) - 1) << First;
  }
  __GEVO_CG void sync() const { __syncwarp(mask()); }
  __GEVO_CG unsigned thread_rank() const { return __gevo::blockRank() % N; }
  __GEVO_CG unsigned size() const { return N; }
  __GEVO_CG unsigned num_threads() const { return N; }
  __GEVO_CG unsigned meta_group_rank() const { return __gevo::blockRank() / N; }
  __GEVO_CG unsigned meta_group_size() const {
    return (this_thread_block().size() + N - 1) / N;
  }
  template <class T> __GEVO_CG T shfl(T V, unsigned Src) const {
    return __gevo_shfl::shuffle<__gevo_shfl::Idx>(mask(), V, Src, N);
  }
  template <class T> __GEVO_CG T shfl_up(T V, unsigned D) const {
    return __gevo_shfl::shuffle<__gevo_shfl::Up>(mask(), V, D, N);
  }
  template <class T> __GEVO_CG T shfl_down(T V, unsigned D) const {
    return __gevo_shfl::shuffle<__gevo_shfl::Down>(mask(), V, D, N);
  }
  template <class T> __GEVO_CG T shfl_xor(T V, unsigned D) const {
    return __gevo_shfl::shuffle<__gevo_shfl::Xor>(mask(), V, D, N);
  }
  __GEVO_CG int any(int P) const { return __any_sync(mask(), P); }
  __GEVO_CG int all(int P) const { return __all_sync(mask(), P); }
  /// Bit k: the predicate of the tile's thread of rank k.
  __GEVO_CG unsigned ballot(int P) const {
    return __ballot_sync(mask(), P) >> (__gevo::lane() / N * N);
  }
  template <class T> __GEVO_CG unsigned match_any(T V) const {
    return __match_any_sync(mask(), V) >> (__gevo::lane() / N * N);
  }
  template <class T> __GEVO_CG unsigned match_all(T V, int &P) const {
    return __match_all_sync(mask(), V, &P) >> (__gevo::lane() / N * N);
  }
};

template <unsigned N, class Parent>
__GEVO_CG thread_block_tile<N> tiled_partition(const Parent &) {
  return thread_block_tile<N>();
}

/// The threads of the warp that are here together, ranked by lane.
class coalesced_group {
public:
  __GEVO_CG explicit coalesced_group(unsigned M) : Mask(M) {}
  __GEVO_CG void sync() const { __syncwarp(Mask); }
  __GEVO_CG unsigned size() const { return __popc(Mask); }
  __GEVO_CG unsigned num_threads() const { return size(); }
  __GEVO_CG unsigned thread_rank() const {
    return __popc(Mask & ((1u << __gevo::lane()) - 1));
  }
  __GEVO_CG unsigned meta_group_rank() const { return 0; }
  __GEVO_CG unsigned meta_group_size() const { return 1; }
  template <class T> __GEVO_CG T shfl(T V, unsigned Rank) const {
    return __gevo_shfl::shuffle<__gevo_shfl::Idx>(Mask, V,
                                                  __gevo::nthLane(Mask, Rank));
  }
  /// Ranks below D (above size() - 1 - D for shfl_down) keep their value.
  template <class T> __GEVO_CG T shfl_up(T V, unsigned D) const {
    unsigned R = thread_rank();
    return shfl(V, R >= D ? R - D : R);
  }
  template <class T> __GEVO_CG T shfl_down(T V, unsigned D) const {
    unsigned R = thread_rank();
    return shfl(V, R + D < size() ? R + D : R);
  }
  __GEVO_CG int any(int P) const { return __any_sync(Mask, P); }
  __GEVO_CG int all(int P) const { return __all_sync(Mask, P); }
  /// Bit k: the predicate of the group's thread of rank k.
  __GEVO_CG unsigned ballot(int P) const {
    return __gevo::pack(Mask, __ballot_sync(Mask, P));
  }
  template <class T> __GEVO_CG unsigned match_any(T V) const {
    return __gevo::pack(Mask, __match_any_sync(Mask, V));
  }
  template <class T> __GEVO_CG unsigned match_all(T V, int &P) const {
    return __gevo::pack(Mask, __match_all_sync(Mask, V, &P));
  }
  /// The lanes of the warp in the group (not a CUDA member).
  __GEVO_CG unsigned mask() const { return Mask; }

private:
  unsigned Mask;
};
__GEVO_CG coalesced_group coalesced_threads() {
  return coalesced_group(__activemask());
}

/// Any group, its kind known at run time: a whole block, or lanes of a warp
/// (a tile or a coalesced group).
class thread_group {
public:
  __GEVO_CG thread_group(const thread_block &) : Block(true), Mask(0) {}
  template <unsigned N>
  __GEVO_CG thread_group(const thread_block_tile<N> &T)
      : Block(false), Mask(T.mask()) {}
  __GEVO_CG thread_group(const coalesced_group &G)
      : Block(false), Mask(G.mask()) {}
  /// The tile of \p N lanes holding this thread; traps unless N is a power
  /// of two up to 32 (larger tiles need --cuda-headers nvidia).
  __GEVO_CG static thread_group tile(unsigned N) {
    if (N == 0 || N > 32 || (N & (N - 1)))
      __trap();
    unsigned Lanes = N == 32 ? ~0u : (1u << N) - 1;
    return thread_group(false, Lanes << (__gevo::lane() / N * N));
  }
  __GEVO_CG void sync() const {
    if (Block)
      __syncthreads();
    else
      __syncwarp(Mask);
  }
  __GEVO_CG unsigned long long size() const {
    return Block ? this_thread_block().size() : __popc(Mask);
  }
  __GEVO_CG unsigned long long num_threads() const { return size(); }
  __GEVO_CG unsigned long long thread_rank() const {
    return Block ? __gevo::blockRank()
                 : __popc(Mask & ((1u << __gevo::lane()) - 1));
  }

private:
  __GEVO_CG thread_group(bool B, unsigned M) : Block(B), Mask(M) {}
  bool Block;
  unsigned Mask;
};

/// Tiles of a size known at run time: a power of two up to 32.
__GEVO_CG thread_group tiled_partition(const thread_group &, unsigned N) {
  return thread_group::tile(N);
}
__GEVO_CG thread_group tiled_partition(const thread_block &, unsigned N) {
  return thread_group::tile(N);
}

template <class G> __GEVO_CG void sync(const G &Group) { Group.sync(); }

/// Calls \p Fn in one thread of \p Group (a tile or coalesced group): the
/// thread of rank 0.
template <class G, class F, class... A>
__GEVO_CG void invoke_one(const G &Group, F &&Fn, A &&...Args) {
  if (Group.thread_rank() == 0)
    Fn(static_cast<A &&>(Args)...);
}
/// invoke_one, its result given to every thread of \p Group.
template <class G, class F, class... A>
__GEVO_CG auto invoke_one_broadcast(const G &Group, F &&Fn, A &&...Args) {
  decltype(Fn(static_cast<A &&>(Args)...)) R{};
  if (Group.thread_rank() == 0)
    R = Fn(static_cast<A &&>(Args)...);
  return Group.shfl(R, 0);
}

/// The threads of \p Tile whose \p Pred is the same as this thread's.
template <unsigned N>
__GEVO_CG coalesced_group binary_partition(const thread_block_tile<N> &Tile,
                                           bool Pred) {
  unsigned Yes = __ballot_sync(Tile.mask(), Pred);
  return coalesced_group(Pred ? Yes : Tile.mask() & ~Yes);
}
__GEVO_CG coalesced_group binary_partition(const coalesced_group &G,
                                           bool Pred) {
  unsigned Yes = __ballot_sync(G.mask(), Pred);
  return coalesced_group(Pred ? Yes : G.mask() & ~Yes);
}

namespace __gevo {
/// An integral label as a word match.sync compares.
template <class L> __GEVO_CG auto matchWord(L Label) {
  static_assert(__is_integral(L) || __is_pointer(L),
                "labeled_partition: the label must be an integer or pointer");
  if constexpr (sizeof(L) > 4)
    return (unsigned long long)Label;
  else
    return (unsigned)Label;
}
} // namespace __gevo

/// The threads of \p Tile with the same \p Label as this thread
/// (match.sync's any form, as NVIDIA's does it).
template <unsigned N, class L>
__GEVO_CG coalesced_group labeled_partition(const thread_block_tile<N> &Tile,
                                            L Label) {
  return coalesced_group(
      __match_any_sync(Tile.mask(), __gevo::matchWord(Label)));
}
template <class L>
__GEVO_CG coalesced_group labeled_partition(const coalesced_group &G, L Label) {
  return coalesced_group(__match_any_sync(G.mask(), __gevo::matchWord(Label)));
}
template <unsigned N>
__GEVO_CG coalesced_group labeled_partition(const thread_block_tile<N> &Tile,
                                            bool Label) {
  return binary_partition(Tile, Label);
}
__GEVO_CG coalesced_group labeled_partition(const coalesced_group &G,
                                            bool Label) {
  return binary_partition(G, Label);
}

} // namespace cooperative_groups

#undef __GEVO_CG
#endif
