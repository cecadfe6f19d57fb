// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Twin of doubling_exit_orbit.cu doubling from 7: after one round d = 14 =
// 8 * 1 + 6, thread 1's slot.

__global__ void doubling_slot_from_7(const float *in, float *out, int rounds) {
    __shared__ float s[512];
    int t = threadIdx.x;
    int d = 7;
    for (int j = 0; j < rounds; j++)
        d *= 2;
    s[8 * t + 6] = in[t]; //~ race write-write
    if (t == 0)
        s[d] = in[64];
    __syncthreads();
    out[t] = s[8 * t];
}
