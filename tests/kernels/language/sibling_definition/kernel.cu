// expect-verdict: race-free
// `slot` and `put` are only declared here (slots.cuh) and defined in
// slots.cu, the one file of this folder that defines them: the linker binds
// the calls to those definitions. `slot(i)` is `i` and `put` writes out[i]
// only, so every thread writes its own elements. Taken as unknown calls,
// `slot`'s result would be any value and `put` could write anywhere in `out`.
#include "slots.cuh"

__global__ void scatter(float *out, float *copy, const float *in) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    out[slot(gid)] = in[gid];
    put(copy, gid, in[gid]);
}
