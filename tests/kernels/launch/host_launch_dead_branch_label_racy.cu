// expect-verdict: racy
// As host_launch_dead_branch.cu, but a `goto` enters the branch the
// condition never takes: its launch runs after all, and races.
#define N 4096

template <int BS>
__global__ void fill_blocks_jumped(int *out) {
    out[blockIdx.x * BS + threadIdx.x] = threadIdx.x; //~ race write-write
}

int main() {
    const int block_size = 32;
    int *d_out;
    cudaMalloc(&d_out, N * sizeof(int));
    goto wide;
    if (block_size == 16) {
    wide:
        fill_blocks_jumped<16><<<N / 16, 64>>>(d_out);
    } else {
        fill_blocks_jumped<32><<<N / 32, 32>>>(d_out);
    }
    cudaDeviceSynchronize();
    return 0;
}
