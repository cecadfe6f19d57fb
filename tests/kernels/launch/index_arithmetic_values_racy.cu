// expect-verdict: racy
//--blockDim=64 --gridDim=1
// The index-arithmetic assumption is about indices: values that never reach
// an access's offset keep C's modular arithmetic, so a wrapping hash, a
// product that wraps for every thread but 0, or an overflow check does not
// make executions vanish (review finding 5 on this branch).

// A hash of a signed seed: a negative seed is legitimate.
__global__ void hash_seed(int *out, int seed) {
    unsigned int h = seed * 2654435761u;
    out[64 + threadIdx.x] = h;
    if (seed < 0)
        out[0] = threadIdx.x; //~ race write-write
}

// Small constants whose product wraps for every thread above 0.
__global__ void mix_wraps(int *out, unsigned int n) {
    unsigned int mix = threadIdx.x * 1000003u * 1000003u;
    out[64 + threadIdx.x] = mix;
    out[0] = threadIdx.x; //~ race write-write
}

// An overflow check stays live.
__global__ void overflow_check(int *out, unsigned int n, unsigned int m) {
    unsigned int total = n * m;
    if (m != 0 && total / m != n)
        out[0] = threadIdx.x; //~ race write-write
}

// As an index, a product with a large coefficient is a hash, not index
// arithmetic: it wraps, and threads 2 and 8 get slot 42.
__global__ void hashed_index(int *out) {
    unsigned int slot = threadIdx.x * 1000003u * 1000003u;
    out[slot >> 26] = threadIdx.x; //~ race write-write
}

// An overflow check on an index before its use: the thread that finds the
// product wrapped returns before the access, so nothing is assumed about it
// (review finding 5, update).
__global__ void checked_before_use(int *out, int *a, unsigned int n, unsigned int m) {
    unsigned int total = n * m;
    if (m != 0 && total / m != n) {
        out[0] = threadIdx.x; //~ race write-write
        return;
    }
    a[total + threadIdx.x] = 1;
}

// An index only on some paths: with `flag` clear the product may wrap.
__global__ void index_on_some_paths(int *out, int *a, unsigned int n, unsigned int m, int flag) {
    unsigned int off = n * m;
    if (flag)
        a[off + threadIdx.x] = 1;
    if (m != 0 && off / m != n)
        out[0] = threadIdx.x; //~ race write-write
}
