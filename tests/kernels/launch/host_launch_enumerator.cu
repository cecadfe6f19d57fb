// expect-verdict: race-free
// The block size is an enumerator of the launching function (`enum {
// THREADS = 128 }`): a constant, so the launch runs blocks of 128 threads and
// the kernel's hard-coded stride 128 gives every thread its own element.
// (With an unknown block, thread 128 of block 0 would write the element of
// thread 0 of block 1.)

__global__ void enum_scale(float *out, const float *in) {
    int i = blockIdx.x * 128 + threadIdx.x;
    out[i] = 2.0f * in[i];
}

void scale(float *out, const float *in, int n) {
    enum { THREADS = 128, ITEMS = THREADS * 4 };
    enum_scale<<<(n + ITEMS - 1) / ITEMS * 4, THREADS>>>(out, in);
}
