// expect-verdict: race-free
//--blockDim=[256] --gridDim=[64]
// Four slots of one block's 1024 elements (`blockIdx.x * 1024 + slot * 256
// + threadIdx.x`), each slot a constant shift of the others: with 256
// threads per block two slots never share an element, in one block or two.

__global__ void slots(float *out) {
    __shared__ float s[1024];
    s[0 * 256 + threadIdx.x] = 0.0f;
    s[1 * 256 + threadIdx.x] = 1.0f;
    s[2 * 256 + threadIdx.x] = s[1 * 256 + threadIdx.x] + 2.0f;
    s[3 * 256 + threadIdx.x] = s[0 * 256 + threadIdx.x] + 3.0f;
    out[blockIdx.x * 1024 + 0 * 256 + threadIdx.x] += s[0 * 256 + threadIdx.x];
    out[blockIdx.x * 1024 + 1 * 256 + threadIdx.x] += s[1 * 256 + threadIdx.x];
    out[blockIdx.x * 1024 + 3 * 256 + threadIdx.x] = out[blockIdx.x * 1024 + 2 * 256 + threadIdx.x];
}
