// expect-verdict: racy
//--blockDim=256 --gridDim=4
// Without the barrier in the branch, the write and the read after it meet
// whatever the (uniform) condition is.

__global__ void no_barrier_in_branch(float *out, int mode) {
    __shared__ float s[257];
    unsigned t = threadIdx.x;
    s[t] = 0;
    __syncthreads();
    if (mode > 0) {
        s[t] = mode; //~ race
    }
    out[blockIdx.x * 256 + t] = s[t + 1];
}
