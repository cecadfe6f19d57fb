// expect-verdict: racy
// As host_launch_dead_branch.cu, but `block_size` is 16: the launch that
// runs has blocks of 64 threads for a 16-wide instantiation, so thread 16 of
// block 0 and thread 0 of block 1 write the same element.
#define N 4096

template <int BS>
__global__ void fill_blocks_live(int *out) {
    out[blockIdx.x * BS + threadIdx.x] = threadIdx.x; //~ race write-write
}

int main() {
    const int block_size = 16;
    int *d_out;
    cudaMalloc(&d_out, N * sizeof(int));
    if (block_size == 16)
        fill_blocks_live<16><<<N / 16, 64>>>(d_out);
    else
        fill_blocks_live<32><<<N / 32, 32>>>(d_out);
    cudaDeviceSynchronize();
    return 0;
}
