// expect-verdict: race-free
//--blockDim=256 --gridDim=64
// The block-broadcast idiom with a pointer: thread 0 stores a pointer into
// a global pool to a `__shared__` pointer, a barrier, every thread reads it.
// Every store to the cell is of a pointer into `pool`, so the loaded pointer
// targets `pool` only (not `buf` or `out`), at its block's offset.

struct Node {
    float v;
    int next;
};

__global__ void pointer_from_thread0(Node *pool, float *out) {
    __shared__ Node *base;
    __shared__ float buf[256];
    if (threadIdx.x == 0) base = pool + blockIdx.x * 256;
    __syncthreads();
    buf[threadIdx.x] = base[threadIdx.x].v;
    __syncthreads();
    out[blockIdx.x * 256 + threadIdx.x] = buf[255 - threadIdx.x];
}

// Writes through the broadcast pointer: each block its own region.
__global__ void pointer_written_through(Node *pool) {
    __shared__ Node *base;
    if (threadIdx.x == 0) base = &pool[blockIdx.x * 256];
    __syncthreads();
    base[threadIdx.x].v = 1.0f;
    base[threadIdx.x].next = threadIdx.x;
}

// Two candidate arrays, one chosen per block: reads only, so no race.
__global__ void pointer_one_of_two(const float *a, const float *b, float *out) {
    __shared__ const float *src;
    if (threadIdx.x == 0) src = (blockIdx.x % 2) ? a : b;
    __syncthreads();
    out[blockIdx.x * 256 + threadIdx.x] = src[threadIdx.x];
}
