// expect-verdict: race-free
//--blockDim=64 --gridDim=16
// Each thread walks its own column through the planes of a 3-D grid: `c`
// starts in plane 1 and steps by the plane size `n` (a parameter, at least
// the 1024 threads), so it is `c0 + n + k * n` at the loop's exit too and the
// store after the loop stays in the thread's column. With the exit value of
// `c` unknown, the last store could hit another thread's plane-0 slot.

__global__ void plane_walk(const float *in, float *out, int n, int layers) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (n < 1024)
        return;
    out[c] = in[c];
    c += n;
    for (int k = 1; k < layers - 1; ++k) {
        out[c] = in[c] + 1.0f;
        c += n;
    }
    out[c] = in[c] + 2.0f;
}
