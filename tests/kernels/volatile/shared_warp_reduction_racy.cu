// expect-verdict: racy
//--blockDim=64 --gridDim=4 --warp-sync
// The racy twin of shared_warp_reduction.cu: without the barrier after the
// reduction, the second warp reads the total while the first writes it.

__device__ void warp_reduce(volatile int *s, unsigned t) {
    s[t] += s[t + 32]; //~ race
    s[t] += s[t + 16]; //~ race
    s[t] += s[t + 8]; //~ race
    s[t] += s[t + 4]; //~ race
    s[t] += s[t + 2]; //~ race
    s[t] += s[t + 1]; //~ race
}

__global__ void reduce_then_rounds(const int *in, int *out) {
    __shared__ int s[64];
    unsigned t = threadIdx.x;
    s[t] = in[blockIdx.x * 64 + t];
    __syncthreads();
    if (t < 32)
        warp_reduce(s, t);
    out[blockIdx.x * 64 + t] = s[0]; //~ race
}
