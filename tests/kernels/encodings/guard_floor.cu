// expect-verdict: race-free
//--blockDim=128 --gridDim=1
// A counter counting down under the guard `i >= 0`: where the body runs it
// is never negative, so `i % 32` is never negative and the write under
// `i % 32 < 0` never runs (symexec's `guard_floors`).

__global__ void guard_rem(int n, int *buf, int *out) {
    for (int i = n - 1 - (int)threadIdx.x; i >= 0; i -= (int)blockDim.x) {
        if (i % 32 < 0)
            buf[0] = i;
        out[i] = i / 32;
    }
}
