// expect-verdict: race-free
// The host picks the launch by a constant: `block_size` is 32, so only the
// `else` launch runs. The other one (blocks of 64 threads for a 16-wide
// instantiation, which would race) is in a branch that never executes.
#define N 4096

template <int BS>
__global__ void fill_blocks(int *out) {
    out[blockIdx.x * BS + threadIdx.x] = threadIdx.x;
}

int main() {
    const int block_size = 32;
    int *d_out;
    cudaMalloc(&d_out, N * sizeof(int));
    if (block_size == 16)
        fill_blocks<16><<<N / 16, 64>>>(d_out);
    else
        fill_blocks<32><<<N / 32, 32>>>(d_out);
    cudaDeviceSynchronize();
    return 0;
}
