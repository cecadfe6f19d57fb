// expect-verdict: race-free
//--blockDim=256 --gridDim=64
// The block-broadcast idiom: one thread stores a block-invariant value to a
// `__shared__` scalar, a barrier, then every thread reads it. Every store to
// the cell is of a value the same in all threads of a block, and each read
// comes after a store of its block (thread 0's, fenced by the barrier), so
// each thread reads its own block's value: the blocks' regions are disjoint.

__global__ void offset_from_thread0(float *pool) {
    __shared__ int off;
    if (threadIdx.x == 0) off = blockIdx.x * 256;
    __syncthreads();
    pool[off + threadIdx.x] = threadIdx.x;
}

// The guard through a local that holds threadIdx.x, the value through a
// parameter, and two broadcasts of the same cell in turn.
__global__ void two_offsets_in_turn(float *pool, int stride) {
    __shared__ unsigned base;
    int tid = threadIdx.x;
    if (tid == 0) base = blockIdx.x * 512;
    __syncthreads();
    pool[base + tid] = 1.0f;
    __syncthreads();
    if (tid == 0) base = blockIdx.x * 512 + 256;
    __syncthreads();
    pool[base + tid] += 2.0f;
}

// Read in a loop after the broadcast: every iteration reads the block's value.
__global__ void offset_read_in_loop(float *pool, int n) {
    __shared__ int off;
    if (threadIdx.x == 0) {
        off = blockIdx.x * 256 * 4;
    }
    __syncthreads();
    for (int k = 0; k < 4; k++) {
        pool[off + k * 256 + threadIdx.x] = k;
    }
}

// Thread (0,0) of a 2-D block stores.
__global__ void offset_from_corner_thread(float *pool) {
    __shared__ int off;
    if (threadIdx.x == 0 && threadIdx.y == 0) off = blockIdx.x * 256;
    __syncthreads();
    if (threadIdx.y == 0) pool[off + threadIdx.x] = threadIdx.x;
}
