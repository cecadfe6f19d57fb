// expect-verdict: race-free
//--blockDim=128 --gridDim=1
// Stream compaction: the threads whose element passes the test take slots
// from a counter only ever incremented, and every one of them adds the same
// base, read under the data-dependent branch. All threads that run that read
// read one address in one barrier interval that nobody writes, so they get
// one value, and distinct slots stay distinct.

__global__ void compact_after_base(int *out, const int *in, const unsigned int *start) {
    __shared__ unsigned int count;
    __shared__ unsigned int base;
    if (threadIdx.x == 0) {
        count = 0;
        base = start[0];
    }
    __syncthreads();
    int v = in[threadIdx.x];
    if (v > 0) {
        unsigned int slot = atomicAdd(&count, 1u);
        slot += base;
        out[slot] = v;
    }
}
