// expect-verdict: racy
//--blockDim=256 --gridDim=8
// The helper passes its volatile parameter's address to a template that
// retargets it to `flag`: the parameter is used other than as `p[i]`/`*p`,
// so its reach is not tracked and every global read is volatile.

template <class P, class Q> __device__ void retarget(P *pp, Q q) { *pp = q; }

__device__ int peek(volatile int *p, int *other) {
    retarget(&p, other);
    int v = *p;
    return v;
}

__global__ void flag_selects_arm(int *stop, int *flag, unsigned *out) {
    unsigned t = threadIdx.x;
    unsigned base = blockIdx.x * 4096;
    int f = peek(stop, flag);
    if (f != 0) {
        out[base + t] = 1u; //~ race write-write
    } else {
        out[base + t + 1] = 2u; //~ race write-write
    }
}
