// expect-verdict: racy
//--blockDim=128 --gridDim=1
// The twins of counter_slot_divergent_base.cu.
// - `keep_own_offset`: only the threads whose element passes the test read
//   the base; the others keep their own offset (their thread index), which
//   may equal another thread's slot plus the base.
// - `two_bases`: odd and even threads read different bases (the address
//   depends on the thread), so two slots plus their bases may meet.

__global__ void keep_own_offset(int *out, const int *in, const unsigned int *start) {
    __shared__ unsigned int count;
    __shared__ unsigned int base;
    if (threadIdx.x == 0) {
        count = 0;
        base = start[0];
    }
    __syncthreads();
    int v = in[threadIdx.x];
    unsigned int slot = atomicAdd(&count, 1u);
    unsigned int offset = threadIdx.x;
    if (v > 0) {
        offset = base;
    }
    out[slot + offset] = v; //~ race write-write
}

__global__ void two_bases(int *out, const int *in, const unsigned int *start) {
    __shared__ unsigned int count;
    __shared__ unsigned int base[2];
    if (threadIdx.x < 2) {
        base[threadIdx.x] = start[threadIdx.x];
    }
    if (threadIdx.x == 0) {
        count = 0;
    }
    __syncthreads();
    int v = in[threadIdx.x];
    if (v > 0) {
        unsigned int slot = atomicAdd(&count, 1u);
        slot += base[threadIdx.x & 1];
        out[slot] = v; //~ race write-write
    }
}
