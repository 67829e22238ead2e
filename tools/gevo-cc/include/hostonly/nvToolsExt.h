//===- nvToolsExt.h - NVTX under its pre-CUDA-12 name -*- C++ -*-===//
//
// Host-only stand-in (include/hostonly/): CUDA 12 dropped the NVTX 2 header
// that older code includes as <nvToolsExt.h>; NVTX 3 declares the same
// calls. This forwards to <nvtx3/nvToolsExt.h>: a CUDA toolkit's when there
// is one, else gevo's stand-in.
//
//===----------------------------------------------------------------------===//
#include <nvtx3/nvToolsExt.h>
