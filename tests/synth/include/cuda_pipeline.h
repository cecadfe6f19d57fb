// The pipeline primitives of CUDA's <cuda_pipeline.h> used by the synthesizer tests.
#pragma once
void __pipeline_memcpy_async(void *dst, const void *src, unsigned long size);
void __pipeline_commit();
void __pipeline_wait_prior(unsigned long prior);
