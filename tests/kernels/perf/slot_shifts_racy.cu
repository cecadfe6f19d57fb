// expect-verdict: racy
//--blockDim=[256] --gridDim=[64]
// Twins of slot_shifts.cu whose shifts reach another thread's element.

// Slot 4 of block b is slot 0 of block b + 1.
__global__ void slot_past_the_block(float *out) {
    out[blockIdx.x * 1024 + 4 * 256 + threadIdx.x] = 1.0f; //~ race write-write
    out[blockIdx.x * 1024 + 0 * 256 + threadIdx.x] = 2.0f;
}

// A shift by less than the block: thread t + 128 of slot 0 is thread t of
// the shifted slot.
__global__ void half_slot() {
    __shared__ float s[1024];
    s[threadIdx.x + 128] = 1.0f; //~ race write-write
    s[threadIdx.x] = 2.0f;
}
