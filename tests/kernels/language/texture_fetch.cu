// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// Texture fetches read read-only memory: they write nothing, neither the
// texture nor the module-scope arrays the kernel uses.

texture<float, 1, cudaReadModeElementType> coefficients;
__device__ float results[64];

__global__ void texture_fetch(float *out) {
    float c = tex1Dfetch(coefficients, threadIdx.x);
    results[threadIdx.x] = c;
    out[threadIdx.x] = results[threadIdx.x] + tex1D(coefficients, 0.5f);
}
