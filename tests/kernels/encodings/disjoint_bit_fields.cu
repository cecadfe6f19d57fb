// expect-verdict: race-free
//--blockDim=128 --gridDim=64

// Slots built from bit fields of the thread index that never overlap: the
// high field is a multiple of 2^k (shifted or masked) and the low one lies
// below 2^k, so `|` and `^` are sums and each slot is distinct.

// A row in the high bits joined by XOR with a column below 32.
__global__ void xor_row_column(float *out) {
    __shared__ float tile[32 * 32];
    const int row = threadIdx.x >> 5;
    const int col = threadIdx.x & 31;
    tile[(row << 5) ^ col] = (float)threadIdx.x;
    __syncthreads();
    out[blockIdx.x * 128 + threadIdx.x] = tile[(col << 5) | row];
}

// A transposed slot: the low 4 bits moved up by 3, the high 3 bits below.
__global__ void swapped_fields(unsigned *out) {
    __shared__ unsigned slots[128];
    const unsigned t = threadIdx.x;
    slots[((t & 15) << 3) | (t >> 4)] = t;
    __syncthreads();
    out[blockIdx.x * 128 + t] = slots[t];
}

// Two masked fields of one index with a field in between left empty.
__global__ void masked_fields(unsigned *out) {
    __shared__ unsigned slots[512];
    const unsigned t = threadIdx.x;
    slots[((t & 0x70) << 2) | (t & 0xf)] = t;
    __syncthreads();
    out[blockIdx.x * 128 + t] = slots[t];
}
