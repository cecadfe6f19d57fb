// expect-verdict: racy
//--blockDim=256 --gridDim=64
// Near misses of the pointer broadcast (block_broadcast_pointer.cu).

// The cell may hold the address of the shared `buf` (odd blocks): then the
// reads through it race with the stores to `buf`.
__global__ void pointer_to_global_or_shared(float *pool, float *out) {
    __shared__ float *src;
    __shared__ float buf[256];
    if (threadIdx.x == 0) src = (blockIdx.x % 2) ? buf : pool;
    __syncthreads();
    buf[threadIdx.x] = src[255 - threadIdx.x]; //~ race
    out[blockIdx.x * 256 + threadIdx.x] = buf[threadIdx.x];
}

// Every block writes through the same pointer.
__global__ void pointer_same_for_all_blocks(float *pool) {
    __shared__ float *dst;
    if (threadIdx.x == 0) dst = pool;
    __syncthreads();
    dst[threadIdx.x] = blockIdx.x; //~ race
}

// A warp barrier orders only warp 0: other warps may load the pointer
// before thread 0 stores it.
__global__ void pointer_fenced_by_warp_barrier(float *pool, float *out) {
    __shared__ float *dst;
    if (threadIdx.x == 0) dst = pool + blockIdx.x * 256; //~ race, race
    __syncwarp();
    dst[threadIdx.x] = blockIdx.x; //~ race, race
}
