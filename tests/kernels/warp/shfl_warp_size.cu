// expect-verdict(first_warp_sum): race-free
// `warpSize` is 32 on every CUDA device: `threadIdx.x / warpSize == 0`
// selects whole warps of a block whose x extent is a multiple of 32, as
// `threadIdx.x / 32 == 0` does. Twin: shfl_warp_size_odd_block.cu.
__global__ void first_warp_sum(const float *in, float *out) {
    float v = in[blockIdx.x * blockDim.x + threadIdx.x];
    if (threadIdx.x / warpSize == 0) {
        for (int o = warpSize / 2; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
        if (threadIdx.x % warpSize == 0) out[blockIdx.x] = v;
    }
}

int main() {
    float *a, *o;
    cudaMalloc(&a, 1 << 20);
    cudaMalloc(&o, 1 << 12);
    first_warp_sum<<<1024, 256>>>(a, o);
    return 0;
}
