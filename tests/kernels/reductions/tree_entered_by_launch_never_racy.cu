// expect-verdict: racy
//--blockDim=256 --gridDim=64
// As tree_entered_by_launch.cu, but the loop starts at `blockDim.x / 512`,
// 0 under the launch: it never runs, and thread 0 reads t[1] with no
// barrier after thread 1 wrote it.

__global__ void reduce_launch_never_racy(const float *in, float *out) {
    __shared__ float s[256];
    __shared__ float t[256];
    unsigned tid = threadIdx.x;
    s[tid] = in[blockIdx.x * blockDim.x + tid];
    t[tid] = 2.0f * in[blockIdx.x * blockDim.x + tid]; //~ race
    for (unsigned d = blockDim.x / 512; d > 0; d /= 2) {
        __syncthreads();
        if (tid < d && tid + d < 256)
            s[tid] += s[tid + d];
    }
    if (tid == 0)
        out[blockIdx.x] = s[0] + t[1]; //~ race
}
