// expect-verdict: race-free
//--blockDim=64 --gridDim=16
// A memory tester's address patterns: each thread owns a 4 KiB page and
// writes the bytes whose address is the page start with low bits set.
// `(unsigned long)start | mask` lies in [start, start + mask] for an
// unsigned mask, so every store stays in the thread's own page.

__global__ void address_patterns(char *buf, unsigned pages) {
    unsigned idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= pages)
        return;
    char *start = buf + idx * 4096;
    char *end = buf + (idx + 1) * 4096;
    *start = 0;
    for (unsigned mask = 1; mask < 4096; mask <<= 1) {
        char *p = (char *)(((unsigned long)start) | mask);
        if (p < end)
            *p = 1;
    }
}
