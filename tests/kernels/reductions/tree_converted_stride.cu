// expect-verdict: race-free
//--blockDim=[256] --gridDim=[64]
// Tree reductions whose stride is an `int` counter compared with an
// unsigned or `size_t` thread index (`threadIdx.x < i` converts `i`), or an
// unsigned counter halved by a shift: the counter starts at blockDim.x / 2
// or 128 and is only halved, so it stays in [0, 512], `t + s` never wraps
// and thread t (< s) never reads what another thread writes in the same
// round. A barrier separates the rounds.

__global__ void sum_blocks(const float *in, float *out) {
    __shared__ float flats[256];
    flats[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    int i = blockDim.x / 2;
    while (i != 0) {
        if (threadIdx.x < i)
            flats[threadIdx.x] += flats[threadIdx.x + i];
        __syncthreads();
        i /= 2;
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = flats[0];
}

__global__ void dot(const float *a, const float *b, float *sum, int n) {
    __shared__ float tb_sum[256];
    const size_t local_i = threadIdx.x;
    tb_sum[local_i] = 0.0f;
    for (int i = blockDim.x * blockIdx.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        tb_sum[local_i] += a[i] * b[i];
    for (int offset = blockDim.x / 2; offset > 0; offset /= 2) {
        __syncthreads();
        if (local_i < offset)
            tb_sum[local_i] += tb_sum[local_i + offset];
    }
    if (local_i == 0)
        sum[blockIdx.x] = tb_sum[local_i];
}

__global__ void within_blocks(const float *data, float *blocksums) {
    __shared__ float sdata[512];
    sdata[threadIdx.x] = data[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    int tid = threadIdx.x;
    for (unsigned int s = 128; s > 0; s >>= 1) {
        if (tid < s && (tid + s) < blockDim.x)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        blocksums[blockIdx.x] = sdata[0];
}
