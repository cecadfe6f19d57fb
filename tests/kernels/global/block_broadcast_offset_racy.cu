// expect-verdict: racy
//--blockDim=256 --gridDim=64
// Near misses of the block-broadcast idiom (block_broadcast_offset.cu): in
// each, two threads may really store to the same element of `pool`.

// The value is the same in blocks 0 and 2.
__global__ void offset_repeats_across_blocks(float *pool) {
    __shared__ int off;
    if (threadIdx.x == 0) off = (blockIdx.x % 2) * 256;
    __syncthreads();
    pool[off + threadIdx.x] = blockIdx.x; //~ race
}

// The value is read from memory: two blocks may read equal values.
__global__ void offset_from_memory(float *pool, const int *starts) {
    __shared__ int off;
    if (threadIdx.x == 0) off = starts[blockIdx.x];
    __syncthreads();
    pool[off + threadIdx.x] = blockIdx.x; //~ race
}

// __syncwarp orders only a warp: the other warps may read `off` before
// thread 0 stores it (any value).
__global__ void offset_fenced_by_warp_barrier(float *pool) {
    __shared__ int off;
    if (threadIdx.x == 0) off = blockIdx.x * 256; //~ race
    __syncwarp();
    pool[off + threadIdx.x] = blockIdx.x; //~ race, race
}

// No thread of a 256-thread block stores `off`: it is read uninitialised.
__global__ void offset_never_stored(float *pool) {
    __shared__ int off;
    if (threadIdx.x == 1000) off = blockIdx.x * 256;
    __syncthreads();
    pool[off + threadIdx.x] = blockIdx.x; //~ race
}

// A thread stores a thread-dependent value to the cell, in another interval.
__global__ void offset_stored_thread_dependent(float *pool) {
    __shared__ int off;
    if (threadIdx.x == 0) off = blockIdx.x * 256;
    __syncthreads();
    pool[off + threadIdx.x] = blockIdx.x; //~ race
    __syncthreads();
    if (threadIdx.x == 5) off = threadIdx.x;
}
