// expect-verdict: race-free
//--blockDim=256 --gridDim=8
// Every thread stores the scale factor into a shared slot and reads it back:
// each read returns what its own thread stored, and every store racing with
// it stores the same value, so the result does not depend on scheduling.

__global__ void scale_by_shared_factor(const float *in, float *out, float factor) {
    __shared__ float scale[1];
    unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
    scale[0] = factor * 2.0f; //~ benign-race
    float s = scale[0]; //~ benign-race
    out[gid] = in[gid] * s;
}
