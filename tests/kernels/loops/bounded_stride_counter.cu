// expect-verdict: race-free
//--blockDim=100 --gridDim=1
// A block-stride loop with an unsigned counter bounded by `i < n`: under the
// default counter assumption (README "Modelling assumptions", dropped by
// `--no-assume-counter-fits`) the counter does not wrap, so thread t writes
// only elements t + 100 k. Its twin without the assumption is
// loops/counter_fits_dropped/bounded_counter_wraps_racy.cu.

__global__ void stride_by_100(float *a, unsigned n) {
    for (unsigned i = threadIdx.x; i < n; i += 100u)
        a[i] = threadIdx.x;
}
