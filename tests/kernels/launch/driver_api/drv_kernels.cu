// expect-verdict(drv_scale): racy
// expect-verdict(drv_twice): race-free
// drv_main.cpp loads these kernels from a module and finds drv_scale by its
// name ("drv_scale", cuModuleGetFunction), then launches it with 512
// threads: threads 0 and 256 write s[0]. The host pass sees only the
// 256-thread launches below, so drv_scale's launches are unknown.
// drv_twice is never named by a string: its launch is the one below, and
// each thread writes its own element whatever the block size anyway.
extern "C" __global__ void drv_scale(float *d) {
    __shared__ float s[256];
    unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x % 256] = d[g]; //~ race write-write
    __syncthreads();
    d[g] = s[threadIdx.x % 256];
}

extern "C" __global__ void drv_twice(float *d) {
    d[blockIdx.x * blockDim.x + threadIdx.x] *= 2.0f;
}

void run_here(float *d) {
    drv_scale<<<1, 256>>>(d);
    drv_twice<<<1, 256>>>(d);
}
