// expect-verdict: racy
//--blockDim=[64] --gridDim=[8]
// Twins of ring_slots_paired.cu where two threads meet: each race is real.

// The second write's column runs backwards: thread 63 - t writes the column
// thread t wrote, of the same slot one iteration later.
__global__ void reversed_column(float *out, const float *in, int n) {
    __shared__ float buf[3][64];
    for (int k = 0; k < n; ++k) {
        buf[(k + 2) % 3][threadIdx.x] = in[threadIdx.x]; //~ race write-write
        buf[(k + 1) % 3][63 - threadIdx.x] = in[64 + threadIdx.x];
    }
}

// Slots of 32 elements for 64 threads: slot 1 column 0 is slot 0 column 32.
__global__ void slots_narrower_than_the_block(float *out, const float *in, int n) {
    __shared__ float buf[96];
    for (int k = 0; k < n; ++k) {
        buf[((k + 2) % 3) * 32 + threadIdx.x] = in[threadIdx.x]; //~ race write-write
        buf[((k + 1) % 3) * 32 + threadIdx.x] = in[64 + threadIdx.x]; //~ race write-write
    }
}

// The block's slots overlap the next block's: block b + 1's slot 0 is block
// b's slot 2.
__global__ void block_slots_overlap(float *out, unsigned n) {
    for (unsigned k = 0; k < n; ++k) {
        out[(blockIdx.x * 2 + (k + 2) % 3) * 64 + threadIdx.x] = blockIdx.x; //~ race write-write
        out[(blockIdx.x * 2 + (k + 1) % 3) * 64 + threadIdx.x] = blockIdx.x; //~ race write-write
    }
}
