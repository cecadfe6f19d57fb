// expect-verdict: racy
// As host_launch_make_uint3.cu, but the block is reassigned to 128 threads
// while the kernel strides by 64: thread 64 of block 0 and thread 0 of
// block 1 share an element. And a reassignment on one path only leaves the
// block unknown at a launch after the `if`.

__global__ void mur_merge(int *acc, int blocks) {
    int pos = blockIdx.x * 64 + threadIdx.x;
    int sum = 0;
    for (int b = pos; b < blocks * 64; b += 32 * 64)
        sum += acc[b]; //~ race read-write
    __syncthreads();
    acc[pos] = sum; //~ race write-write
}

__global__ void mur_merge_after(int *acc) {
    int pos = blockIdx.x * 64 + threadIdx.x;
    acc[pos] = blockIdx.x; //~ race write-write
}

void run(int *acc, int n) {
    int blocks = (n + 127) / 128;
    dim3 grid(blocks, 1, 1);
    dim3 threads(64, 1, 1);
    if (blocks > 32) {
        grid = make_uint3(32, 1, 1);
        threads = make_uint3(128, 1, 1);
        mur_merge<<<grid, threads>>>(acc, blocks);
    }
    dim3 other(64, 1, 1);
    if (n > 4096)
        other = make_uint3(128, 1, 1);
    mur_merge_after<<<grid, other>>>(acc);
}
