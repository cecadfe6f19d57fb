// expect-verdict: racy
// The definitions in slots.cu are used, and they race: `slot(i)` is i / 2
// (threads 0 and 1 write out[0]) and `put` writes the element after the one
// it is given, which the next thread writes here.
#include "slots.cuh"

__global__ void scatter(float *out, const float *in) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    out[slot(gid)] = in[gid]; //~ race write-write
}

__global__ void shifted(float *out, const float *in) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    out[gid] = 0.0f; //~ race write-write
    put(out, gid, in[gid]);
}
