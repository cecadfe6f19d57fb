// expect-verdict: race-free
//--blockDim=[64] --gridDim=[8]
// Writes into ring slots chosen by different values of a loop counter
// (`(k + 2) % 3` and `(k + 1) % 3`, as the landings of one copy issued in
// different iterations are): the slot atoms differ, but each offset is
// `slot * 64 + threadIdx.x` with a slot of at most 3 values, so the two
// threads' slots and columns must both be equal for the bytes to meet:
// only a thread with itself.

__global__ void slots_of_two_iterations(float *out, const float *in, int n) {
    __shared__ float buf[3][64];
    for (int k = 0; k < n; ++k) {
        buf[(k + 2) % 3][threadIdx.x] = in[threadIdx.x];
        buf[(k + 1) % 3][threadIdx.x] = in[64 + threadIdx.x];
    }
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = buf[0][threadIdx.x];
}

// The same with a slot per block in a global array.
__global__ void global_slots_of_two_iterations(float *out, unsigned n) {
    for (unsigned k = 0; k < n; ++k) {
        out[(blockIdx.x * 3 + (k + 2) % 3) * 64 + threadIdx.x] = 1.0f;
        out[(blockIdx.x * 3 + (k + 1) % 3) * 64 + threadIdx.x] = 2.0f;
    }
}
