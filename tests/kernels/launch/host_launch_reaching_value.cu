// expect-verdict: race-free
// The host reuses one variable for two block sizes: `threads` is 64 where
// `tile64` is launched and 128 (a later assignment) where `tile128` is. The
// value that reaches each launch in straight-line code is used; with any
// larger block, threads of neighbouring blocks would write the same element.

__global__ void tile64(float *d) {
    d[blockIdx.x * 64 + threadIdx.x] = (float)threadIdx.x;
}

__global__ void tile128(float *d) {
    d[blockIdx.x * 128 + threadIdx.x] = (float)threadIdx.x;
}

void run(float *d, int n) {
    int threads = 64;
    dim3 block(threads);
    tile64<<<n / 64, block>>>(d);
    threads = 128;
    tile128<<<n / 128, threads>>>(d);
}
