// expect-verdict: race-free
//--blockDim=256 --gridDim=64
// Radix-4 and radix-2 butterflies over a global array with a stride the
// host chooses: `lo = pos & (s - 1)` (s a power of two, checked here) or
// `lo = pos % s` (s positive) is pos's remainder by s, so the element
// `((pos - lo) << 2) + lo + k * s` is `4 * s * (pos / s) + k * s + lo`:
// distinct k never meet, equal k only in one thread (delinear's symbolic
// remainder). The solver alone gave up on each pair.

__global__ void radix4_pow2(float *d, int stride) {
    if (stride <= 0 || (stride & (stride - 1)) != 0)
        return;
    const int pos = blockIdx.x * blockDim.x + threadIdx.x;
    int lo = pos & (stride - 1);
    int i0 = ((pos - lo) << 2) + lo;
    int i1 = i0 + stride;
    int i2 = i1 + stride;
    int i3 = i2 + stride;
    float D0 = d[i0];
    float D1 = d[i1];
    float D2 = d[i2];
    float D3 = d[i3];
    d[i0] = D0 + D2;
    d[i1] = D1 + D3;
    d[i2] = D0 - D2;
    d[i3] = D1 - D3;
}

__global__ void radix2_rem(float *d, int stride) {
    if (stride < 1)
        return;
    const int pos = blockIdx.x * blockDim.x + threadIdx.x;
    int lo = pos % stride;
    int i0 = 2 * (pos - lo) + lo;
    int i1 = i0 + stride;
    float D0 = d[i0];
    float D1 = d[i1];
    d[i0] = D0 + D1;
    d[i1] = D0 - D1;
}
