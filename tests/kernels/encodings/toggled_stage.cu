// expect-verdict: race-free

// `|` and `^` with a constant on a value that may be negative: only the low
// bits below the constant's width change, the rest (sign included) is kept,
// so the encoding stays linear for either sign.

// A double buffer whose stage toggles by XOR after the one barrier per step:
// the prefetch writes buf[stage ^ 1] while buf[stage] is read.
__global__ void xor_stage_double_buffer(const float *in, float *out, int steps) {
    __shared__ float buf[2][128];
    const int t = threadIdx.x;
    float acc = 0.0f;
    buf[0][t] = in[t];
    __syncthreads();
    int stage = 0;
    for (int s = 1; s < steps; s++) {
        buf[stage ^ 1][t] = in[s * 128 + t];
        acc += buf[stage][127 - t];
        __syncthreads();
        stage ^= 1;
    }
    out[blockIdx.x * 128 + t] = acc;
}

// XOR with 1 pairs each signed value with its neighbour: a permutation of
// [-64, 192), negative values included.
__global__ void xor_signed_pairs(int *out) {
    __shared__ int slots[256];
    const int v = (int)threadIdx.x - 64;
    slots[(v ^ 1) + 64] = v;
    __syncthreads();
    out[blockIdx.x * 256 + threadIdx.x] = slots[threadIdx.x];
}

int main() {
    float *in, *out;
    int *o;
    cudaMalloc(&in, 1 << 20);
    cudaMalloc(&out, 1 << 20);
    cudaMalloc(&o, 1 << 20);
    xor_stage_double_buffer<<<8, 128>>>(in, out, 16);
    xor_signed_pairs<<<4, 256>>>(o);
    return 0;
}
