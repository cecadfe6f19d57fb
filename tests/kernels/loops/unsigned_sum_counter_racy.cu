// expect-verdict: racy
//--blockDim=32 --gridDim=1
// An `int` counter whose update computes its sum in `unsigned` or in a wider
// type wraps without a signed overflow: the sum's own wrap (unsigned) is
// defined, and the conversion back to `int` is modular (C++20;
// implementation-defined before, modular in nvcc). So `off += 0x80000004u`
// runs 0, -2147483644, 8: the readers (threads below 16) read m[tx] in the
// third iteration, while the upper half writes m[0..15]. The no-wrap facts of
// a signed counter (`off = 0 + k * 0x80000004` exactly, so never 8) would
// hide the race; likewise `s *= 2u` reaches INT_MIN and then 0.

__global__ void add_unsigned(float *m, float *out) {
    if (threadIdx.x < 16) {
        int off = 0;
        for (int q = 0; q < 40; q++) {
            if (off == 8)
                out[threadIdx.x] = m[threadIdx.x]; //~ race read-write
            off += 0x80000004u;
        }
    } else {
        m[threadIdx.x - 16] = 1.0f;
    }
}

__global__ void add_in_long_long(float *m, float *out) {
    if (threadIdx.x < 16) {
        int off = 0;
        for (int q = 0; q < 40; q++) {
            if (off == 8)
                out[threadIdx.x] = m[threadIdx.x]; //~ race read-write
            off = (long long)off + 0x80000004LL;
        }
    } else {
        m[threadIdx.x - 16] = 1.0f;
    }
}

__global__ void subtract_unsigned(float *m, float *out) {
    if (threadIdx.x < 16) {
        int off = 0;
        for (int q = 0; q < 40; q++) {
            if (off == 8)
                out[threadIdx.x] = m[threadIdx.x]; //~ race read-write
            off = off - 0x7FFFFFFCu;
        }
    } else {
        m[threadIdx.x - 16] = 1.0f;
    }
}

__global__ void doubled_in_unsigned(float *m, float *out) {
    if (threadIdx.x < 16) {
        int s = 1;
        for (int q = 0; q < 40; q++) {
            if (s <= 0)
                out[threadIdx.x] = m[threadIdx.x]; //~ race read-write
            s *= 2u;
        }
    } else {
        m[threadIdx.x - 16] = 1.0f;
    }
}

// Two offsets stepped together are congruent, not equal, when they wrap:
// relating them must keep the third iteration (off == 8).
__global__ void stepped_with_unsigned_twin(float *m, float *out, unsigned n) {
    if (threadIdx.x < 16) {
        int off = 0;
        unsigned u = 0;
        while (u < n) {
            if (off == 8)
                out[threadIdx.x] = m[threadIdx.x]; //~ race read-write
            off += 0x80000004u;
            u += 0x80000004u;
        }
    } else {
        m[threadIdx.x - 16] = 1.0f;
    }
}

int main() {
    float *m, *out;
    cudaMalloc((void **)&m, 4096 * sizeof(float));
    cudaMalloc((void **)&out, 32 * sizeof(float));
    add_unsigned<<<1, 32>>>(m, out);
    add_in_long_long<<<1, 32>>>(m, out);
    subtract_unsigned<<<1, 32>>>(m, out);
    doubled_in_unsigned<<<1, 32>>>(m, out);
    stepped_with_unsigned_twin<<<1, 32>>>(m, out, 0xFFFFFFF0u);
    return 0;
}
