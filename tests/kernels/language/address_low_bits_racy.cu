// expect-verdict: racy
//--blockDim=64 --gridDim=16
// Twins of address_low_bits.cu whose patterns leave the thread's page.

// No bound: with a mask of 4096 or more the address lands in a later page.
__global__ void unbounded_mask(char *buf, unsigned masks) {
    unsigned idx = blockIdx.x * blockDim.x + threadIdx.x;
    char *start = buf + idx * 4096;
    *start = 0; //~ race write-write
    for (unsigned mask = 1; mask < masks; mask <<= 1) {
        char *p = (char *)(((unsigned long)start) | mask);
        *p = (char)idx; //~ race write-write
    }
}

// A signed mask may be negative: `x | m` is then below `x`.
__global__ void signed_mask(char *buf, int mask) {
    unsigned idx = blockIdx.x * blockDim.x + threadIdx.x;
    char *start = buf + idx * 4096;
    char *end = buf + (idx + 1) * 4096;
    char *p = (char *)(((unsigned long)start) | mask);
    if (p < end)
        *p = (char)idx; //~ race write-write
}

// A 32-bit cast drops the address's high bits: the result may point anywhere.
__global__ void truncated_address(char *buf, unsigned mask) {
    unsigned idx = blockIdx.x * blockDim.x + threadIdx.x;
    char *start = buf + idx * 4096;
    char *end = buf + (idx + 1) * 4096;
    char *p = (char *)(unsigned long)(((unsigned)(unsigned long)start) | mask);
    if (p < end)
        *p = (char)idx; //~ race write-write
}
