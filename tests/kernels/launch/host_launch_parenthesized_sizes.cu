// expect-verdict: race-free
// Launch sizes and arguments written through parentheses and functional
// casts: `(grid)`, `dim3 b = (block)`, `int(N)`. They are the same values as
// without them: 256 blocks of TILE threads and n == N, which the kernel's
// tile and its guard are made for.
#define N 4096
#define TILE 16

__global__ void rotate_tiles(int *out, const int *in, int n) {
    __shared__ int tile[TILE];
    int i = blockIdx.x * TILE + threadIdx.x;
    tile[threadIdx.x] = in[i];
    __syncthreads();
    if (n == N)
        out[i] = tile[(threadIdx.x + 1) % TILE];
    else
        out[0] = tile[0];
}

int main() {
    int *d_in, *d_out;
    cudaMalloc(&d_in, N * sizeof(int));
    cudaMalloc(&d_out, N * sizeof(int));
    dim3 block((TILE));
    dim3 grid(((N) + TILE - 1) / TILE);
    dim3 launch_block = (block);
    const int n = int(N);
    rotate_tiles<<<(grid), launch_block>>>(d_out, d_in, int(n));
    cudaDeviceSynchronize();
    return 0;
}
