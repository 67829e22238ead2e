// cuda_pipeline_primitives.h on gevo's header: the same primitives as
// cuda_pipeline.h (gevo_cuda/pipeline.h).
#ifndef GEVO_STUB_CUDA_PIPELINE_PRIMITIVES_H
#define GEVO_STUB_CUDA_PIPELINE_PRIMITIVES_H
#include "../gevo_cuda/pipeline.h"
#endif
