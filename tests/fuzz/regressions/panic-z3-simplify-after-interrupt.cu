// fuzz: panic: panicked at /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/z3-0.22.0/src/ast/mod.rs:220:80: called `Option::unwrap()` on a `None` value
__global__ void reduce_interleaved_unsynced(const int                                                                                                                                                                                                                  *in, int *out) {
    __shared__ int sdata[256];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = in[i];
    __syncthreads();
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0) {
            sdata[tid] += sdata[tid + s]; //~ race
        }
    }
    if (tid == 0) {
        out[blockIdx.x] = sdata[0];
    }
}
