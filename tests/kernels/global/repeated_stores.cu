// expect-verdict: race-free
//--blockDim=256 --gridDim=64
// The same stores repeated in several barrier intervals: each pair of two
// copies makes the same query (same offsets, same guards, threads of
// different blocks), decided once and answered again for the other copies.

__global__ void repeated_stores(float *out) {
    __shared__ float s[512];
    s[threadIdx.x] = 1.0f;
    out[blockIdx.x * 512 + threadIdx.x] += s[threadIdx.x];
    __syncthreads();
    s[256 + threadIdx.x] = 2.0f;
    out[blockIdx.x * 512 + threadIdx.x] += s[256 + threadIdx.x];
    __syncthreads();
    s[threadIdx.x] = 3.0f;
    out[blockIdx.x * 512 + threadIdx.x] += s[threadIdx.x];
    __syncthreads();
    out[blockIdx.x * 512 + 256 + threadIdx.x] += s[threadIdx.x];
    __syncthreads();
    out[blockIdx.x * 512 + 256 + threadIdx.x] += s[256 + threadIdx.x];
}
