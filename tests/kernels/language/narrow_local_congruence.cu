// expect-verdict: race-free
//--blockDim=512 --gridDim=1
// The twin of narrow_local_congruence_racy.cu: a truncated local that keeps
// every thread's offset distinct (the low byte and the group together).

__global__ void two_groups(int *out) {
    __shared__ int s[1024];
    unsigned char lane = threadIdx.x;
    int group = threadIdx.x / 256;
    s[group * 512 + lane] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[(threadIdx.x / 256) * 512 + (threadIdx.x % 256)];
}
