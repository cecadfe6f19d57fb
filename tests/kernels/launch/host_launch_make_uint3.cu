// expect-verdict: race-free
// The grid and block are reassigned from `make_uint3` before the second
// launch (`grid = make_uint3(32, 1, 1); threads = make_uint3(64, 1, 1)`):
// that launch runs 32 blocks of 64 threads, and the kernel's hard-coded
// stride 64 gives every thread its own element.

__global__ void mu_first(int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = i;
}

__global__ void mu_merge(int *acc, int blocks) {
    int pos = blockIdx.x * 64 + threadIdx.x;
    int sum = 0;
    for (int b = pos; b < blocks * 64; b += 32 * 64)
        sum += acc[b];
    __syncthreads();
    acc[pos] = sum;
}

void run(int *acc, int n) {
    int blocks = (n + 127) / 128;
    dim3 grid(blocks, 1, 1);
    dim3 threads(128, 1, 1);
    mu_first<<<grid, threads>>>(acc, n);
    if (blocks > 32) {
        grid = make_uint3(32, 1, 1);
        threads = make_uint3(64, 1, 1);
        mu_merge<<<grid, threads>>>(acc, blocks);
    }
}
