// expect-verdict: racy
//--blockDim=64 --gridDim=16
// Twins of aligned_mask_invariant.cu whose word patterns leave the page.

// `p > end` lets the mask of 4096 through: thread 0's word at `start | 4096`
// is thread 1's page start, which thread 1 writes first.
__global__ void past_the_end(char *buf, unsigned pages) {
    unsigned idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= pages)
        return;
    unsigned long *start = (unsigned long *)(buf + idx * 4096);
    unsigned long *end = (unsigned long *)(buf + (idx + 1) * 4096);
    unsigned long *p = start;
    unsigned pattern = 1;
    unsigned mask = 8;
    *p = pattern; //~ race write-write
    while (p < end) {
        p = (unsigned long *)(((unsigned long)start) | mask);
        if (p == start) {
            mask = mask << 1;
            if (mask == 0)
                break;
            continue;
        }
        if (p > end)
            break;
        *p = pattern; //~ race write-write
        pattern = pattern << 1;
        mask = mask << 1;
        if (mask == 0)
            break;
    }
}

// A mask that grows by 4 at its second update loses the word alignment:
// `start | 4092` is a word whose last four bytes are the next page's first.
__global__ void unaligned_step(char *buf, unsigned pages) {
    unsigned idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= pages)
        return;
    unsigned long *start = (unsigned long *)(buf + idx * 4096);
    unsigned long *end = (unsigned long *)(buf + (idx + 1) * 4096);
    unsigned long *p = start;
    unsigned mask = 8;
    *p = 1; //~ race write-write
    while (p < end) {
        p = (unsigned long *)(((unsigned long)start) | mask);
        if (p == start) {
            mask = mask << 1;
            if (mask == 0)
                break;
            continue;
        }
        if (p >= end)
            break;
        *p = 2; //~ race write-write
        mask = mask + 4;
        if (mask == 0)
            break;
    }
}
