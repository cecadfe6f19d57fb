// expect-verdict: race-free
//--blockDim=64 --gridDim=1

__device__ int load_next(const int *buf, unsigned i) {
    return buf[i + 1];
}

__device__ void store(int *buf, unsigned i, int value) {
    buf[i] = value;
}

__device__ void sync_block() {
    __syncthreads();
}

__global__ void neighbour_through_helpers_synced(int *out) {
    __shared__ int buf[65];
    unsigned tid = threadIdx.x;
    int v = load_next(buf, tid);
    sync_block();
    store(buf, tid, v * 2);
    out[tid] = v;
}
