// expect-verdict: racy
//--blockDim=128 --gridDim=64

// Bit fields that overlap: `|` and `^` are not sums, and two threads meet.

// (t & 48) >> 3 lands on bits 1..2, under (t & 15) << 2's bit 2: threads
// 1 and 32 both get slot 4.
__global__ void shifted_too_little(unsigned *out) {
    __shared__ unsigned slots[128];
    const int slot = ((threadIdx.x & 15) << 2) | ((threadIdx.x & 48) >> 3);
    slots[slot] = threadIdx.x; //~ race write-write
    __syncthreads();
    out[blockIdx.x * 128 + threadIdx.x] = slots[threadIdx.x];
}

// A column of 6 bits XORed into a row shifted by 5 only.
__global__ void xor_column_too_wide(float *out) {
    __shared__ float tile[64 * 64];
    const int row = threadIdx.x >> 6;
    const int col = threadIdx.x & 63;
    tile[(row << 5) ^ col] = (float)threadIdx.x; //~ race write-write
    __syncthreads();
    out[blockIdx.x * 128 + threadIdx.x] = tile[threadIdx.x];
}

// The transposed slot with the high field shifted by 2 only: fields of
// bits 2..5 and 0..2 share bit 2.
__global__ void swapped_fields_overlap(unsigned *out) {
    __shared__ unsigned slots[128];
    const unsigned t = threadIdx.x;
    slots[((t & 15) << 2) | (t >> 4)] = t; //~ race write-write
    __syncthreads();
    out[blockIdx.x * 128 + t] = slots[t];
}
