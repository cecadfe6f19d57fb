// expect-verdict: racy
// As host_launch_reaching_value.cu (the kernel is `tile64` there), but it is
// launched again after `threads` became 128: blocks of 128 threads overlap by
// 64 elements.

__global__ void tile64_again(float *d) {
    d[blockIdx.x * 64 + threadIdx.x] = (float)threadIdx.x; //~ race write-write
}

void run(float *d, int n) {
    int threads = 64;
    dim3 block(threads);
    tile64_again<<<n / 64, block>>>(d);
    threads = 128;
    tile64_again<<<n / 128, threads>>>(d);
}
