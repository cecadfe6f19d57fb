// expect-verdict: race-free
//--blockDim=256 --gridDim=8
// `dim3(x)` and `dim3 v(x, y)` leave the other components 1 (the constructor's
// default arguments), not copies of `x`: each thread writes out[x] of its block.

__global__ void dim3_default_components(float *out, float *out2) {
    dim3 at(threadIdx.x);
    dim3 wide = dim3(threadIdx.x, 2);
    out[blockIdx.x * 256 + at.x - at.y * at.z + 1] = 1.0f;
    out2[blockIdx.x * 256 + wide.x + wide.y * wide.z - 2] = 2.0f;
}
