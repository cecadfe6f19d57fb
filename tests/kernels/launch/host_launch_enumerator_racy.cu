// expect-verdict: racy
// The launching function's enumerator `THREADS = 256` hides the namespace's
// constant `THREADS = 128`: the launch runs blocks of 256 threads, and with
// the kernel's stride 128 thread 128 of block 0 writes the element of
// thread 0 of block 1.

const int THREADS = 128;

__global__ void enum_scale_wide(float *out, const float *in) {
    int i = blockIdx.x * 128 + threadIdx.x;
    out[i] = 2.0f * in[i]; //~ race write-write
}

void scale_wide(float *out, const float *in, int n) {
    enum { THREADS = 256 };
    enum_scale_wide<<<(n + THREADS - 1) / THREADS, THREADS>>>(out, in);
}
