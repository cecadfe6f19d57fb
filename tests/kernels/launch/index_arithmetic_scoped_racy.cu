// expect-verdict: racy
// The index-arithmetic assumption is a premise of the queries about the
// access whose index it concerns, not of its thread's path: a thread whose
// later (or earlier) index wraps keeps its other races
// (index_arithmetic_scoped.cu: the same accesses without them, race-free).

// Block 2 wraps `blockIdx.x * n` (2 * 2^31) after storing b[1], which block
// 0 stores too.
__global__ void race_before_wrap(int *a, int *b, unsigned n) {
    if (threadIdx.x == 0)
        b[blockIdx.x == 2 ? 1 : 1 + blockIdx.x] = blockIdx.x; //~ race write-write
    a[blockIdx.x * n + threadIdx.x] = 0;
}

void before(int *a, int *b) { race_before_wrap<<<3, 32>>>(a, b, 0x80000000u); }

// The same with the wrapping access first.
__global__ void race_after_wrap(int *a, int *b, unsigned n) {
    a[blockIdx.x * n + threadIdx.x] = 0;
    if (threadIdx.x == 0)
        b[blockIdx.x == 2 ? 1 : 1 + blockIdx.x] = blockIdx.x; //~ race write-write
}

void after(int *a, int *b) { race_after_wrap<<<3, 32>>>(a, b, 0x80000000u); }

// Thread 0 reads s[1] while thread 1 writes it, then reads s2 at the exact
// index -1 (a 32-bit unsigned index adding a negative int: C reads
// s2[2^32 - 1]); the exact-index rule for that read leaves the race on s.
__global__ void race_before_exact(int *out, int shift) {
    __shared__ int s[64];
    __shared__ int s2[64];
    int t = threadIdx.x;
    int x = 0;
    s[t] = t;
    if (t == 0)
        x = s[1]; //~ race read-write
    out[t] = x + s2[threadIdx.x + shift];
}

void exact(int *out) { race_before_exact<<<1, 64>>>(out, -1); }

// A read-only read whose index wraps in block 2 (2 * 2^31 is 0 modulo
// 2^32) reads where C reads, in[0], not in[2^32], which the thread reads
// next: the two values may differ, and then block 2 stores c[1] as block 0
// does. (Keyed by the unwrapped index, the two reads would be one value.)
__global__ void race_through_wrapped_read(const int *in, int *c, unsigned n) {
    int v = in[blockIdx.x * n];
    int z = in[4294967296ull];
    if (threadIdx.x == 0 && (blockIdx.x == 0 || v != z))
        c[blockIdx.x == 2 ? 1 : 1 + blockIdx.x] = blockIdx.x; //~ race write-write
}

void wrapped_read(const int *in, int *c) { race_through_wrapped_read<<<3, 32>>>(in, c, 0x80000000u); }
