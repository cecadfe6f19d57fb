// expect-verdict: racy
// As host_launch_parenthesized_sizes.cu, but the block (copied through
// parentheses) has twice TILE threads: thread TILE of block 0 and thread 0
// of block 1 write the same element.
#define N 4096
#define TILE 16

__global__ void rotate_tiles_wide(int *out, const int *in, int n) {
    __shared__ int tile[TILE];
    int i = blockIdx.x * TILE + threadIdx.x;
    tile[threadIdx.x] = in[i];
    __syncthreads();
    if (n == N)
        out[i] = tile[(threadIdx.x + 1) % TILE]; //~ race write-write
    else
        out[0] = tile[0];
}

int main() {
    int *d_in, *d_out;
    cudaMalloc(&d_in, N * sizeof(int));
    cudaMalloc(&d_out, N * sizeof(int));
    dim3 block((TILE * 2));
    dim3 grid(((N) + TILE - 1) / TILE);
    dim3 launch_block = (block);
    const int n = int(N);
    rotate_tiles_wide<<<(grid), launch_block>>>(d_out, d_in, int(n));
    cudaDeviceSynchronize();
    return 0;
}
