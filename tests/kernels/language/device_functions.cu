// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Device functions are inlined; the race is reported on their accesses and
// tied to the call sites.

__device__ int load_next(const int *buf, unsigned i) {
    return buf[i + 1];
}

__device__ void store(int *buf, unsigned i, int value) {
    buf[i] = value;
}

__global__ void neighbour_through_helpers(int *out) {
    __shared__ int buf[65];
    unsigned tid = threadIdx.x;
    int v = load_next(buf, tid); //~ race read-write
    store(buf, tid, v * 2);
    out[tid] = v;
}
