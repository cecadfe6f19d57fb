// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// Byte offsets of 2^62 or more are outside every allocation (GPU virtual
// addresses have fewer than 49 bits): such an access is undefined behaviour
// and no execution performs it. Threads meet when m = 0 (or when the
// unsigned product wraps, m = 2^62), but only at idx 2^62 or above.

__global__ void high_half(char *a, unsigned long m) {
    unsigned long idx = (1UL << 62) + threadIdx.x * m;
    if (idx >= (1UL << 62) && idx < (1UL << 63))
        a[idx] = threadIdx.x;
}
