// expect-verdict: racy
// As host_launch_reaching_value.cu, but `tile64` is launched again after
// `threads` became 128: blocks of 128 threads overlap by 64 elements.

__global__ void tile64(float *d) {
    d[blockIdx.x * 64 + threadIdx.x] = (float)threadIdx.x; //~ race write-write
}

void run(float *d, int n) {
    int threads = 64;
    dim3 block(threads);
    tile64<<<n / 64, block>>>(d);
    threads = 128;
    tile64<<<n / 128, threads>>>(d);
}
