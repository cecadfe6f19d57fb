// expect-verdict: racy
//--blockDim=256 --gridDim=64
// Twins of symbolic_butterfly.cu: a stride only known positive under a
// mask (5 is no power of two: `pos & 4` is no remainder, and
// positions 1 and 4 both get element 4), a radix-2 layout
// with four elements (i2 of one group is i0 of the next), a partner one
// element further, a dividend that may be negative. (The writes are atomic
// so that only the racing pair is asked: the solver gives up on the
// pairs of a plain write with itself; and the stride is pinned where the
// solver alone finds no witness with a symbolic mask.)

__global__ void mask_not_pow2(float *d, int stride) {
    if (stride <= 0 || stride != 5)
        return;
    const int pos = blockIdx.x * blockDim.x + threadIdx.x;
    int lo = pos & (stride - 1);
    int i0 = ((pos - lo) << 2) + lo;
    float D0 = d[i0]; //~ race
    atomicAdd(&d[i0], D0); //~ race
}

__global__ void radix2_four_elements(float *d, int stride) {
    if (stride <= 0 || (stride & (stride - 1)) != 0 || stride != 8)
        return;
    const int pos = blockIdx.x * blockDim.x + threadIdx.x;
    int lo = pos & (stride - 1);
    int i0 = ((pos - lo) << 1) + lo;
    int i2 = i0 + 2 * stride;
    float D0 = d[i0]; //~ race
    atomicAdd(&d[i2], D0); //~ race
}

__global__ void partner_one_further(float *d, int stride) {
    if (stride < 1)
        return;
    const int pos = blockIdx.x * blockDim.x + threadIdx.x;
    int lo = pos % stride;
    int i0 = 2 * (pos - lo) + lo;
    int i1 = i0 + stride + 1;
    float D0 = d[i0]; //~ race
    atomicAdd(&d[i1], D0); //~ race
}

__global__ void negative_dividend(float *d, int stride) {
    if (stride < 1)
        return;
    const int pos = (int)threadIdx.x - 1;
    int lo = pos % stride;
    int i0 = 2 * (pos - lo) + lo + 1;
    int i1 = i0 + stride;
    float D0 = d[i0]; //~ race
    atomicAdd(&d[i1], D0); //~ race
}
