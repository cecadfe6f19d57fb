// expect-verdict: race-free
//--blockDim=128 --gridDim=4
// Stores and loads through a `volatile` pointer to shared memory, ordered
// by a barrier: race-free. The stores of other blocks to `out` are apart.

__global__ void exchange(const int *in, volatile int *out) {
    __shared__ int s[128];
    volatile int *v = s;
    unsigned t = threadIdx.x;
    v[t] = in[blockIdx.x * 128 + t];
    __syncthreads();
    out[blockIdx.x * 128 + t] = v[127 - t];
}
