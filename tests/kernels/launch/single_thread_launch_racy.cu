// expect-verdict: racy
//--blockDim=2 --gridDim=1
// As single_thread_launch.cu launched with two threads: both may store to
// the same data-dependent element.

__global__ void serial_histogram_two(int *out, const int *in, int n) {
    for (int i = 0; i < n; ++i) {
        out[in[i] % 7] = out[(i * i) % 5] + in[i]; //~ race
    }
}
