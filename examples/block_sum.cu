//--blockDim=256 --gridDim=128
// A block-wide sum with one barrier missing: the first reduction step reads
// partial sums that other threads may not have stored yet.
// Try: cargo run --release -- check examples/block_sum.cu

__global__ void block_sum(const float *in, float *out, unsigned n) {
    __shared__ float partial[256];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x + tid;
    partial[tid] = (i < n) ? in[i] : 0.0f;
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (tid < stride)
            partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = partial[0];
}
