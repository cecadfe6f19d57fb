// expect-verdict(half_block_waits): divergent
// expect-verdict(block_exchange): race-free
// expect-verdict(exchange_without_barrier): racy
//--blockDim=128 --gridDim=4
// `__barrier_sync(id)` is the intrinsic of `bar.sync id`: without a thread
// count every thread of the block must arrive, like `__syncthreads()`.

__global__ void half_block_waits(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    if (threadIdx.x < 64)
        __barrier_sync(0); //~ divergence
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void block_exchange(const int *in, int *out) {
    __shared__ int s[128];
    s[threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x];
    __barrier_sync(1);
    out[blockIdx.x * 128 + threadIdx.x] = s[127 - threadIdx.x];
}

__global__ void exchange_without_barrier(const int *in, int *out) {
    __shared__ int s[128];
    s[threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x]; //~ race
    out[blockIdx.x * 128 + threadIdx.x] = s[127 - threadIdx.x];
}
