// expect-verdict: racy
//--blockDim=256 --gridDim=64
// As repeated_stores.cu, but the last copy of the store reaches one element
// past the thread's own (the next block's first element for its last
// thread): its queries differ from the copies' before it (an earlier
// unsatisfiable query must not answer them), and it races with the first
// two stores of the next block.

__global__ void repeated_stores_racy(float *out) {
    __shared__ float s[512];
    s[threadIdx.x] = 1.0f;
    out[blockIdx.x * 512 + threadIdx.x] += s[threadIdx.x]; //~ race read-write, race write-read, race write-write
    __syncthreads();
    s[256 + threadIdx.x] = 2.0f;
    out[blockIdx.x * 512 + threadIdx.x] += s[256 + threadIdx.x]; //~ race read-write, race write-read, race write-write
    __syncthreads();
    out[blockIdx.x * 512 + 256 + threadIdx.x] += s[threadIdx.x];
    __syncthreads();
    out[blockIdx.x * 512 + 256 + threadIdx.x + 1] += s[256 + threadIdx.x];
}
