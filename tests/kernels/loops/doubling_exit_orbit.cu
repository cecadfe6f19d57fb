// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// `d` doubles per round from 1, for a symbolic number of rounds: after the
// loop it is a power of two (or, past 2^30, the wrapped sign bit or 0), never
// 6 modulo 8, so thread 0's s[d] is never another thread's s[8t + 6]. Known
// only as twice a value >= 1 (from the last round), d = 14 would be thread
// 1's slot.

__global__ void doubling_slot(const float *in, float *out, int rounds) {
    __shared__ float s[512];
    int t = threadIdx.x;
    int d = 1;
    for (int j = 0; j < rounds; j++)
        d *= 2;
    s[8 * t + 6] = in[t];
    if (t == 0)
        s[d] = in[64];
    __syncthreads();
    out[t] = s[8 * t];
}
