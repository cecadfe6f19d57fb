// expect-verdict: racy
//--blockDim=64 --gridDim=1
// As offset_beyond_2_62.cu, one bit lower: offsets below 2^62 are not
// excluded, and with m = 0 every thread writes a[2^61].

__global__ void below_high_half(char *a, unsigned long m) {
    unsigned long idx = (1UL << 61) + threadIdx.x * m;
    if (idx >= (1UL << 61) && idx < (1UL << 62))
        a[idx] = threadIdx.x; //~ race write-write
}
