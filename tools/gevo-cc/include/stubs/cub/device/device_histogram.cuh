// device_histogram.cuh: gevo's declarations of CUB's
// device-wide algorithms (device_host_only.cuh says what and why).
#include <cub/device/device_host_only.cuh>
