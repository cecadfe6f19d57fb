// A compound assignment that races with itself across threads.
__global__ void split_compound(float *out) {
    __shared__ float s[64];
    int t = threadIdx.x;
    s[t] = out[t];
    __syncthreads();
    s[t] += s[t + 1];
    __syncthreads();
    out[t] = s[t];
}
