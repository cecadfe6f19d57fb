// expect-verdict: racy
// Twins of pinned_pow2_counter.cu. A length that is not a power of two
// (`len = 96`: the strides are 48, 24, 12, 6, 3 and 1, and with stride 3
// threads 1 and 2 both take pos 2), launches that disagree (no entry value:
// the stride may be any value), and a pinned power-of-two length with the
// wrong mask (`t & stride`: threads 0 and 1 both take pos 0 at stride 1).

__global__ void merge_not_pow2(unsigned *keys, unsigned len) {
    __shared__ unsigned s[128];
    unsigned t = threadIdx.x;
    for (unsigned stride = len / 2; stride > 0; stride >>= 1) {
        __syncthreads();
        unsigned pos = 2 * t - (t & (stride - 1));
        s[pos] = t; //~ race write-write
    }
}

__global__ void merge_two_lengths(unsigned *keys, unsigned len) {
    __shared__ unsigned s[128];
    unsigned t = threadIdx.x;
    for (unsigned stride = len / 2; stride > 0; stride >>= 1) {
        __syncthreads();
        unsigned pos = 2 * t - (t & (stride - 1));
        s[pos] = t; //~ race write-write
    }
}

__global__ void merge_wrong_mask(unsigned *keys, unsigned len) {
    __shared__ unsigned s[128];
    unsigned t = threadIdx.x;
    for (unsigned stride = len / 2; stride > 0; stride >>= 1) {
        __syncthreads();
        unsigned pos = 2 * t - (t & stride);
        s[pos] = t; //~ race write-write
    }
}

void run(unsigned *k) {
    merge_not_pow2<<<1, 64>>>(k, 96);
    merge_two_lengths<<<1, 64>>>(k, 128);
    merge_two_lengths<<<1, 64>>>(k, 96);
    merge_wrong_mask<<<1, 64>>>(k, 128);
}
