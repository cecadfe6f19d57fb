// expect-verdict(first_warp_sum): divergent
// The twin of shfl_warp_size.cu launched with 48 threads per row: warp 1
// holds threads 32-47 of row 0 and 0-15 of row 1, so `threadIdx.x /
// warpSize == 0` differs within it.
__global__ void first_warp_sum(const float *in, float *out) {
    unsigned t = threadIdx.y * 48 + threadIdx.x;
    float v = in[blockIdx.x * 96 + t];
    if (threadIdx.x / warpSize == 0) {
        v += __shfl_down_sync(0xffffffffu, v, 1); //~ divergence
        if (threadIdx.x % warpSize == 0) out[blockIdx.x * 2 + threadIdx.y] = v;
    }
}

int main() {
    float *a, *o;
    cudaMalloc(&a, 1 << 20);
    cudaMalloc(&o, 1 << 12);
    first_warp_sum<<<1024, dim3(48, 2)>>>(a, o);
    return 0;
}
