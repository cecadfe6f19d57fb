// expect-verdict: racy
// Two files of the folder define `slot`: neither definition is used and the
// call stays unknown (any result), so the write may collide (a.cu's `slot`
// is the identity, b.cu's is not).
#include "slots.cuh"

__global__ void scatter(float *out, const float *in) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    out[slot(gid)] = in[gid]; //~ race write-write
}
