// expect-verdict: racy
#include "slots.cuh"

__device__ int slot(int i) { return i / 2; }

__global__ void fill_b(int *out) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    out[slot(gid)] = gid; //~ race write-write
}
