// expect-verdict: racy
//--blockDim=256 --gridDim=64
// As tree_entered_by_launch.cu, but the loop's barrier comes after the
// accumulation: the first iteration reads s[tid + d] with no barrier after
// the store of thread tid + d.

__global__ void reduce_launch_barrier_last_racy(const float *in, float *out) {
    __shared__ float s[256];
    __shared__ float t[256];
    unsigned tid = threadIdx.x;
    s[tid] = in[blockIdx.x * blockDim.x + tid]; //~ race
    t[tid] = 2.0f * in[blockIdx.x * blockDim.x + tid];
    for (unsigned d = blockDim.x / 2; d > 0; d /= 2) {
        if (tid < d && tid + d < 256)
            s[tid] += s[tid + d]; //~ race
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = s[0] + t[1];
}
