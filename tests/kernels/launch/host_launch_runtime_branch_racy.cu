// expect-verdict: racy
// As host_launch_dead_branch.cu, but the block size comes from the command
// line: either launch may run, and the 64-thread one races.
#include <cstdlib>
#define N 4096

template <int BS>
__global__ void fill_blocks_either(int *out) {
    out[blockIdx.x * BS + threadIdx.x] = threadIdx.x; //~ race write-write
}

int main(int argc, char **argv) {
    const int block_size = atoi(argv[1]);
    int *d_out;
    cudaMalloc(&d_out, N * sizeof(int));
    if (block_size == 16)
        fill_blocks_either<16><<<N / 16, 64>>>(d_out);
    else
        fill_blocks_either<32><<<N / 32, 32>>>(d_out);
    cudaDeviceSynchronize();
    return 0;
}
