//===- cub/device/device_host_only.cuh - CUB's host side -----*- C++ -*-===//
//
// Declarations only, so that a .cu file whose host code calls CUB's
// device-wide algorithms parses with gevo's header (gevo-cc never compiles
// host code, and gevo runs only the file's own kernels): cub::DeviceReduce,
// DeviceSegmentedReduce, DeviceScan, DeviceRadixSort,
// DeviceSegmentedRadixSort, DeviceMergeSort, DeviceSegmentedSort,
// DeviceSelect, DevicePartition, DeviceHistogram, DeviceRunLengthEncode,
// DeviceAdjacentDifference, DeviceFor, DeviceTransform, DeviceCopy,
// DeviceMemcpy (each algorithm a variadic declaration: any arguments
// parse), CachingDeviceAllocator, DoubleBuffer (a real one) and the
// CubDebug / CubDebugExit macros. Not here: any device code of them.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_STUB_CUB_DEVICE_DEVICE_HOST_ONLY_CUH
#define GEVO_STUB_CUB_DEVICE_DEVICE_HOST_ONLY_CUH

#include <cuda_runtime_api.h>

#ifndef CubDebug
#define CubDebug(E) (E)
#endif
#ifndef CubDebugExit
#define CubDebugExit(E) (E)
#endif

namespace cub {

/// Two buffers of which one is current, as DeviceRadixSort takes them.
template <class T> struct DoubleBuffer {
  T *d_buffers[2] = {nullptr, nullptr};
  int selector = 0;
  DoubleBuffer() = default;
  __host__ __device__ DoubleBuffer(T *Current, T *Alternate)
      : d_buffers{Current, Alternate} {}
  __host__ __device__ T *Current() { return d_buffers[selector]; }
  __host__ __device__ T *Alternate() { return d_buffers[selector ^ 1]; }
};

#define __GEVO_CUB_HOST(Name)                                                  \
  template <class... Args> __host__ static cudaError_t Name(Args &&...);
#define __GEVO_CUB_DEVICE(Struct, ...)                                         \
  struct Struct {                                                              \
    __VA_ARGS__                                                                \
  };
__GEVO_CUB_DEVICE(DeviceReduce, __GEVO_CUB_HOST(Reduce) __GEVO_CUB_HOST(Sum)
    __GEVO_CUB_HOST(Min) __GEVO_CUB_HOST(Max) __GEVO_CUB_HOST(ArgMin)
    __GEVO_CUB_HOST(ArgMax) __GEVO_CUB_HOST(ReduceByKey)
    __GEVO_CUB_HOST(TransformReduce))
__GEVO_CUB_DEVICE(DeviceSegmentedReduce, __GEVO_CUB_HOST(Reduce)
    __GEVO_CUB_HOST(Sum) __GEVO_CUB_HOST(Min) __GEVO_CUB_HOST(Max)
    __GEVO_CUB_HOST(ArgMin) __GEVO_CUB_HOST(ArgMax))
__GEVO_CUB_DEVICE(DeviceScan, __GEVO_CUB_HOST(ExclusiveSum)
    __GEVO_CUB_HOST(ExclusiveScan) __GEVO_CUB_HOST(InclusiveSum)
    __GEVO_CUB_HOST(InclusiveScan) __GEVO_CUB_HOST(InclusiveScanInit)
    __GEVO_CUB_HOST(ExclusiveSumByKey) __GEVO_CUB_HOST(ExclusiveScanByKey)
    __GEVO_CUB_HOST(InclusiveSumByKey) __GEVO_CUB_HOST(InclusiveScanByKey))
#define __GEVO_CUB_SORTS                                                       \
  __GEVO_CUB_HOST(SortPairs) __GEVO_CUB_HOST(SortPairsDescending)              \
  __GEVO_CUB_HOST(SortKeys) __GEVO_CUB_HOST(SortKeysDescending)
__GEVO_CUB_DEVICE(DeviceRadixSort, __GEVO_CUB_SORTS)
__GEVO_CUB_DEVICE(DeviceSegmentedRadixSort, __GEVO_CUB_SORTS)
__GEVO_CUB_DEVICE(DeviceSegmentedSort, __GEVO_CUB_SORTS
    __GEVO_CUB_HOST(StableSortPairs) __GEVO_CUB_HOST(StableSortKeys)
    __GEVO_CUB_HOST(StableSortPairsDescending)
    __GEVO_CUB_HOST(StableSortKeysDescending))
__GEVO_CUB_DEVICE(DeviceMergeSort, __GEVO_CUB_HOST(SortPairs)
    __GEVO_CUB_HOST(SortKeys) __GEVO_CUB_HOST(SortPairsCopy)
    __GEVO_CUB_HOST(SortKeysCopy) __GEVO_CUB_HOST(StableSortPairs)
    __GEVO_CUB_HOST(StableSortKeys))
#undef __GEVO_CUB_SORTS
__GEVO_CUB_DEVICE(DeviceSelect, __GEVO_CUB_HOST(Flagged) __GEVO_CUB_HOST(If)
    __GEVO_CUB_HOST(FlaggedIf) __GEVO_CUB_HOST(Unique)
    __GEVO_CUB_HOST(UniqueByKey))
__GEVO_CUB_DEVICE(DevicePartition, __GEVO_CUB_HOST(Flagged)
    __GEVO_CUB_HOST(If))
__GEVO_CUB_DEVICE(DeviceHistogram, __GEVO_CUB_HOST(HistogramEven)
    __GEVO_CUB_HOST(HistogramRange) __GEVO_CUB_HOST(MultiHistogramEven)
    __GEVO_CUB_HOST(MultiHistogramRange))
__GEVO_CUB_DEVICE(DeviceRunLengthEncode, __GEVO_CUB_HOST(Encode)
    __GEVO_CUB_HOST(NonTrivialRuns))
__GEVO_CUB_DEVICE(DeviceAdjacentDifference, __GEVO_CUB_HOST(SubtractLeft)
    __GEVO_CUB_HOST(SubtractRight) __GEVO_CUB_HOST(SubtractLeftCopy)
    __GEVO_CUB_HOST(SubtractRightCopy))
__GEVO_CUB_DEVICE(DeviceFor, __GEVO_CUB_HOST(ForEach) __GEVO_CUB_HOST(ForEachN)
    __GEVO_CUB_HOST(ForEachCopy) __GEVO_CUB_HOST(ForEachCopyN)
    __GEVO_CUB_HOST(Bulk))
__GEVO_CUB_DEVICE(DeviceTransform, __GEVO_CUB_HOST(Transform))
__GEVO_CUB_DEVICE(DeviceCopy, __GEVO_CUB_HOST(Batched))
__GEVO_CUB_DEVICE(DeviceMemcpy, __GEVO_CUB_HOST(Batched))
#undef __GEVO_CUB_DEVICE
#undef __GEVO_CUB_HOST

/// CUB's caching allocator, as host code calls it.
struct CachingDeviceAllocator {
  template <class... Args> __host__ CachingDeviceAllocator(Args &&...);
  template <class... Args> __host__ cudaError_t DeviceAllocate(Args &&...);
  template <class... Args> __host__ cudaError_t DeviceFree(Args &&...);
  __host__ cudaError_t SetMaxCachedBytes(size_t);
  __host__ cudaError_t FreeAllCached();
};

} // namespace cub

#endif
