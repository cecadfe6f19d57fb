// expect-verdict: racy
// As host_launch_parenthesized_sizes.cu, but the functional cast passes
// n == N / 2: every thread takes the other branch and writes out[0].
#define N 4096
#define TILE 16

__global__ void rotate_tiles_half(int *out, const int *in, int n) {
    __shared__ int tile[TILE];
    int i = blockIdx.x * TILE + threadIdx.x;
    tile[threadIdx.x] = in[i];
    __syncthreads();
    if (n == N)
        out[i] = tile[(threadIdx.x + 1) % TILE];
    else
        out[0] = tile[0]; //~ race write-write
}

int main() {
    int *d_in, *d_out;
    cudaMalloc(&d_in, N * sizeof(int));
    cudaMalloc(&d_out, N * sizeof(int));
    dim3 block((TILE));
    dim3 grid(((N) + TILE - 1) / TILE);
    dim3 launch_block = (block);
    const int n = int(N / 2);
    rotate_tiles_half<<<(grid), launch_block>>>(d_out, d_in, int(n));
    cudaDeviceSynchronize();
    return 0;
}
