// expect-verdict: unsupported
//--blockDim=64 --gridDim=1
// Adjacent bit-fields are one memory location (C11 3.14): thread 0 writing
// `a` and thread 1 writing `b` race. Laid out as whole fields they would
// look apart, so the kernel gets no verdict rather than a wrong one.

struct Flags {
    unsigned a : 1;
    unsigned b : 1;
};

__global__ void bitfield_flags(Flags *f) {
    if (threadIdx.x == 0) {
        f->a = 1;
    }
    if (threadIdx.x == 1) {
        f->b = 1;
    }
}
