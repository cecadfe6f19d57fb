// expect-verdict: race-free
//--blockDim=128 --gridDim=16

__global__ void peek_own_block(int *data, int *out) {
    unsigned base = blockIdx.x * blockDim.x;
    unsigned gid = base + threadIdx.x;
    data[gid] = (int)gid;
    __syncthreads();
    out[gid] = data[base + (threadIdx.x + 1) % blockDim.x];
}
