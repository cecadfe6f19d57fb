// Two gathers through shared memory, their barriers stripped: four stores,
// then four loads at a data-dependent position (each may meet each store),
// twice. Sixteen racing statement pairs at each missing barrier: more than
// the synthesis's first check reports, so its first candidate, which orders
// the first gather, is racy at the second.
__global__ void two_gathers(float *out, const float *in, const int *pick) {
    __shared__ float a[1024];
    __shared__ float b[1024];
    int t = threadIdx.x;
    int g = blockIdx.x * blockDim.x + t;
    a[4 * t] = in[g];
    a[4 * t + 1] = in[g] + 1.0f;
    a[4 * t + 2] = in[g] + 2.0f;
    a[4 * t + 3] = in[g] + 3.0f;
    int p = pick[g];
    float r0 = a[p];
    float r1 = a[p + 1];
    float r2 = a[p + 2];
    float r3 = a[p + 3];
    b[4 * t] = r0;
    b[4 * t + 1] = r1;
    b[4 * t + 2] = r2;
    b[4 * t + 3] = r3;
    int q = pick[g + 1];
    float s0 = b[q];
    float s1 = b[q + 1];
    float s2 = b[q + 2];
    float s3 = b[q + 3];
    out[g] = s0 + s1 + s2 + s3;
}
