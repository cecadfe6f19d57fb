// expect-verdict: racy
//--blockDim=256 --gridDim=8
// Every thread of a block writes out[256 * b + 1]: the defaulted components are
// 1 in every thread.

__global__ void dim3_default_components_racy(float *out) {
    dim3 at(threadIdx.x, 1);
    out[blockIdx.x * 256 + at.y * at.z] = (float)at.x; //~ race write-write
}
