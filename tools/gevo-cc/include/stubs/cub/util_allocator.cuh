// util_allocator.cuh: CachingDeviceAllocator, declared for host code
// (device/device_host_only.cuh says what and why).
#include <cub/device/device_host_only.cuh>
