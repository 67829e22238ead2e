// cuda_pipeline.h on gevo's header: __pipeline_memcpy_async,
// __pipeline_commit, __pipeline_wait_prior as cp.async inline PTX
// (gevo_cuda/pipeline.h says what is missing).
#ifndef GEVO_STUB_CUDA_PIPELINE_H
#define GEVO_STUB_CUDA_PIPELINE_H
#include "../gevo_cuda/pipeline.h"
#endif
