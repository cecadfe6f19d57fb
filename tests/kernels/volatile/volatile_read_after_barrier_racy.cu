// expect-verdict: racy
//--blockDim=128 --gridDim=4
// The racy twin of volatile_read_after_barrier.cu: `volatile` orders
// nothing between threads; without the barrier the exchange races.

__global__ void exchange(const int *in, volatile int *out) {
    __shared__ int s[128];
    volatile int *v = s;
    unsigned t = threadIdx.x;
    v[t] = in[blockIdx.x * 128 + t]; //~ race write-read
    out[blockIdx.x * 128 + t] = v[127 - t]; //~ race read-write
}
