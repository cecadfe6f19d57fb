// expect-verdict: race-free
//--blockDim=32 --gridDim=4
// Macros and device functions come from a header next to the file; system
// headers are skipped.

#include <cuda_runtime.h>
#include "include/tile.cuh"

__global__ void rotate_tile(int *out) {
    __shared__ int s[TILE];
    s[threadIdx.x] = (int)threadIdx.x;
    __syncthreads();
    out[blockIdx.x * TILE + threadIdx.x] = s[wrap(threadIdx.x + 1)];
}
