// expect-verdict(wide): race-free
// expect-verdict(narrow): racy
// A `dim3` reassigned before the second launch (`threads = make_uint3(..)`):
// the second launch runs with 64 threads, not the 128 of the declaration.
// Taking the declaration's value there would check `narrow` only with
// 128-thread blocks, where its racy branch is never taken.

__global__ void wide(int *out) {
    __shared__ int s[128];
    s[threadIdx.x] = threadIdx.x;
    __syncthreads();
    out[blockIdx.x * 128 + threadIdx.x] = s[127 - threadIdx.x];
}

__global__ void narrow(int *out) {
    __shared__ int s[129];
    s[threadIdx.x] = threadIdx.x; //~ race write-write
    if (blockDim.x < 128)
        s[threadIdx.x + 1] = threadIdx.x; //~ race write-write
    __syncthreads();
    if (threadIdx.x == 0)
        out[blockIdx.x] = s[0];
}

void run(int *out, int blocks) {
    dim3 grid(blocks, 1, 1);
    dim3 threads(128, 1, 1);
    wide<<<grid, threads>>>(out);
    if (blocks > 32) {
        threads = make_uint3(64, 1, 1);
        narrow<<<grid, threads>>>(out);
    }
}
