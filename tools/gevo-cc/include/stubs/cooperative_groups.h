//===- cooperative_groups.h - gevo's cooperative groups -----*- C++ -*-===//
//
// The part of CUDA's cooperative groups API kernels use most, written on
// the warp intrinsics gevo's header has, for machines without a CUDA
// toolkit (with one, `gevo-cc --cuda-headers nvidia` uses NVIDIA's):
// thread_block (this_thread_block), thread_block_tile<N> for N = 1..32 a
// power of two (tiled_partition<N>: sync, shfl, shfl_up, shfl_down,
// shfl_xor, any, all, ballot, match_any, match_all, thread_rank, size,
// num_threads, meta_group_rank, meta_group_size), coalesced_group
// (coalesced_threads: sync, shfl, any, all, ballot, thread_rank, size) and,
// in <cooperative_groups/reduce.h>, reduce with plus, less, greater,
// bit_and, bit_or, bit_xor; grid_group (this_grid: sync under a cooperative
// launch, thread_rank, size, num_threads, num_blocks, block_rank,
// block_index, dim_blocks, is_valid). Multi-warp tiles need NVIDIA's
// headers.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_STUB_COOPERATIVE_GROUPS_H
#define GEVO_STUB_COOPERATIVE_GROUPS_H

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
  __GEVO_CG unsigned meta_group_rank() const {
    return __gevo::blockRank() / N;
  }
  __GEVO_CG unsigned meta_group_size() const {
    return (this_thread_block().size() + N - 1) / N;
  }
  template <class T> __GEVO_CG T shfl(T V, unsigned Src) const {
    return __shfl_sync(mask(), V, Src, N);
  }
  template <class T> __GEVO_CG T shfl_up(T V, unsigned D) const {
    return __shfl_up_sync(mask(), V, D, N);
  }
  template <class T> __GEVO_CG T shfl_down(T V, unsigned D) const {
    return __shfl_down_sync(mask(), V, D, N);
  }
  template <class T> __GEVO_CG T shfl_xor(T V, unsigned D) const {
    return __shfl_xor_sync(mask(), V, D, N);
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

/// The threads of the warp that are here together.
class coalesced_group {
public:
  __GEVO_CG coalesced_group(unsigned M) : Mask(M) {}
  __GEVO_CG void sync() const { __syncwarp(Mask); }
  __GEVO_CG unsigned size() const { return __popc(Mask); }
  __GEVO_CG unsigned num_threads() const { return size(); }
  __GEVO_CG unsigned thread_rank() const {
    return __popc(Mask & ((1u << __gevo::lane()) - 1));
  }
  template <class T> __GEVO_CG T shfl(T V, unsigned Rank) const {
    return __shfl_sync(Mask, V, __gevo::nthLane(Mask, Rank));
  }
  __GEVO_CG int any(int P) const { return __any_sync(Mask, P); }
  __GEVO_CG int all(int P) const { return __all_sync(Mask, P); }
  __GEVO_CG unsigned mask() const { return Mask; }

private:
  unsigned Mask;
};
__GEVO_CG coalesced_group coalesced_threads() {
  return coalesced_group(__activemask());
}

} // namespace cooperative_groups

#undef __GEVO_CG
#endif
