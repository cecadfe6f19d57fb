// expect-verdict: racy
//--blockDim=32 --gridDim=4

#include <cuda_runtime.h>
#include "include/tile.cuh"

__global__ void rotate_tile_unsynced(int *out) {
    __shared__ int s[TILE];
    s[threadIdx.x] = (int)threadIdx.x;
    out[blockIdx.x * TILE + threadIdx.x] = s[wrap(threadIdx.x + 1)]; //~ race read-write
}
