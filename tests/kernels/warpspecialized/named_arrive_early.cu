// expect-verdict(arrive_after_stores): race-free
// expect-verdict(arrive_before_last_store): racy
//--blockDim=128 --gridDim=1
// Warps 0-1 produce two tiles and arrive at named barrier 1; warps 2-3 wait
// there and read both. The producers' arrival must follow their last store:
// written between the two stores (`arrive_before_last_store`) it publishes
// only the first tile, and the second races with the consumers' reads (the
// quick fix moves the arrival after the store).

__global__ void arrive_after_stores(const float *in, float *out) {
    __shared__ float a[64];
    __shared__ float b[64];
    if (threadIdx.x < 64) {
        a[threadIdx.x] = in[threadIdx.x];
        b[threadIdx.x] = in[64 + threadIdx.x];
        asm volatile("bar.arrive 1, 128;" ::: "memory");
    } else {
        asm volatile("bar.sync 1, 128;" ::: "memory");
        int i = threadIdx.x - 64;
        out[i] = a[63 - i] + b[63 - i];
    }
}

__global__ void arrive_before_last_store(const float *in, float *out) {
    __shared__ float a[64];
    __shared__ float b[64];
    if (threadIdx.x < 64) {
        a[threadIdx.x] = in[threadIdx.x];
        asm volatile("bar.arrive 1, 128;" ::: "memory");
        b[threadIdx.x] = in[64 + threadIdx.x]; //~ race write-read
    } else {
        asm volatile("bar.sync 1, 128;" ::: "memory");
        int i = threadIdx.x - 64;
        out[i] = a[63 - i] + b[63 - i]; //~ race read-write
    }
}
