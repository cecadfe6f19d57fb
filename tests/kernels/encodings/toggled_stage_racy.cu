// expect-verdict: racy

// Twins of toggled_stage.cu, each with one bug.

// The prefetch reads the buffer it is filling.
__global__ void xor_stage_reads_next(const float *in, float *out, int steps) {
    __shared__ float buf[2][128];
    const int t = threadIdx.x;
    float acc = 0.0f;
    buf[0][t] = in[t];
    __syncthreads();
    int stage = 0;
    for (int s = 1; s < steps; s++) {
        buf[stage ^ 1][t] = in[s * 128 + t]; //~ race write-read
        acc += buf[stage ^ 1][127 - t];
        __syncthreads();
        stage ^= 1;
    }
    out[blockIdx.x * 128 + t] = acc;
}

// The stage starts negative and "toggles" by `|= 1`: from -1 it stays -1,
// so the prefetch lands in the row being read.
__global__ void or_stage_sticks(const float *in, float *out, int steps) {
    __shared__ float buf[3][128];
    const int t = threadIdx.x;
    float acc = 0.0f;
    int stage = -1;
    for (int s = 1; s < steps; s++) {
        buf[(stage | 1) + 1][t] = in[s * 128 + t]; //~ race write-read
        acc += buf[stage + 1][127 - t];
        __syncthreads();
        stage |= 1;
    }
    out[blockIdx.x * 128 + t] = acc;
}

// OR with 1 maps each negative even value and its successor to one slot.
__global__ void or_signed_pairs(int *out) {
    __shared__ int slots[256];
    const int v = (int)threadIdx.x - 64;
    slots[(v | 1) + 64] = v; //~ race write-write
    __syncthreads();
    out[blockIdx.x * 256 + threadIdx.x] = slots[threadIdx.x];
}

int main() {
    float *in, *out;
    int *o;
    cudaMalloc(&in, 1 << 20);
    cudaMalloc(&out, 1 << 20);
    cudaMalloc(&o, 1 << 20);
    xor_stage_reads_next<<<8, 128>>>(in, out, 16);
    or_stage_sticks<<<8, 128>>>(in, out, 16);
    or_signed_pairs<<<4, 256>>>(o);
    return 0;
}
