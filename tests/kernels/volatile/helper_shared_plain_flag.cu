// expect-verdict: race-free
//--blockDim=256 --gridDim=8 --warp-sync
// The only `volatile` of the program qualifies a warp-reduction helper's
// pointer parameter, and the helper is inlined with a shared array: no
// global read is through a volatile lvalue, so the plain flag no statement
// writes is one value in every thread and all threads of a block take the
// same arm. (Twins: helper_global_flag_racy.cu, helper_fnptr_flag_racy.cu.)

__device__ void warp_reduce(volatile int *s, unsigned t) {
    s[t] += s[t + 32];
    s[t] += s[t + 16];
    s[t] = (s[t] > s[t + 8]) ? s[t] : s[t + 8];
    if (*s != 0)
        s[t] += s[t + 4];
}

__global__ void flag_selects_arm(const int *flag, const int *in, unsigned *out, int *sum) {
    __shared__ int s[256 + 32];
    unsigned t = threadIdx.x;
    unsigned base = blockIdx.x * 4096;
    s[t] = in[blockIdx.x * 256 + t];
    if (t < 32)
        s[256 + t] = 0;
    __syncthreads();
    if (t < 32)
        warp_reduce(s, t);
    __syncthreads();
    if (t == 0)
        sum[blockIdx.x] = s[0];
    int f = *flag;
    if (f != 0) {
        out[base + t] = 1u;
    } else {
        out[base + t + 1] = 2u;
    }
}
