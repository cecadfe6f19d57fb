// expect-verdict: race-free
//--blockDim=64 --gridDim=16
// A memory tester's word patterns: each thread owns a 4 KiB page and stores
// 8-byte words at the page start with one bit of `mask` set. `mask` starts
// at 8 and only doubles (two updates, so it is no counter): the inductive
// invariant `mask % 8 == 0` the checker finds keeps every address a whole
// word past the page start, and `p < end` then keeps the word's last byte
// in the page. Without it `start | mask` may be any byte up to `end - 1`,
// and an 8-byte store there reaches the next page's first word.

__global__ void word_patterns(char *buf, unsigned pages) {
    unsigned idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= pages)
        return;
    unsigned long *start = (unsigned long *)(buf + idx * 4096);
    unsigned long *end = (unsigned long *)(buf + (idx + 1) * 4096);
    unsigned long *p = start;
    unsigned pattern = 1;
    unsigned mask = 8;
    *p = pattern;
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
        *p = pattern;
        pattern = pattern << 1;
        mask = mask << 1;
        if (mask == 0)
            break;
    }
}
