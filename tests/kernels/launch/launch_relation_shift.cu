// expect-verdict: race-free
// A block extent computed by a shift by an argument (`int n = 1 << log2n;
// k<<<m, n / 4>>>(.., log2n)`) is a launch relation: blockDim.x == (1 <<
// log2n) / 4, assumed where the amount is within the width (another is
// undefined in C). Each thread owns slots t and t + n / 4 of the block's n
// slots; with a larger block the second slot of one thread would be the
// first of another.

__global__ void quarter_slots(float *out, int log2n) {
    extern __shared__ float slots[];
    const int n = 1 << log2n;
    const int t = threadIdx.x;
    slots[t] = (float)t;
    slots[t + n / 4] = (float)-t;
    __syncthreads();
    if (t == 0)
        out[blockIdx.x] = slots[1];
}

void run(float *out, int m, int log2n) {
    int n = 1 << log2n;
    quarter_slots<<<m, n / 4, n * sizeof(float)>>>(out, log2n);
}
