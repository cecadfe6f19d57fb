// expect-verdict: racy
// Near misses of launch_relation_shift.cu.

// The host launches n / 2 threads: slot t + n / 4 of thread t is slot t' of
// thread t' = t + n / 4.
__global__ void half_block_slots(float *out, int log2n) {
    extern __shared__ float slots[];
    const int n = 1 << log2n;
    const int t = threadIdx.x;
    slots[t] = (float)t; //~ race
    slots[t + n / 4] = (float)-t;
    __syncthreads();
    if (t == 0)
        out[blockIdx.x] = slots[1];
}

// The extent is shifted by another name than the argument the kernel
// shifts by: no relation ties them.
__global__ void other_amount_slots(float *out, int log2n) {
    extern __shared__ float slots[];
    const int n = 1 << log2n;
    const int t = threadIdx.x;
    slots[t] = (float)t; //~ race
    slots[t + n / 4] = (float)-t;
    __syncthreads();
    if (t == 0)
        out[blockIdx.x] = slots[1];
}

// The barrier is missing: thread 0 reads a slot another thread writes.
__global__ void unsynchronised_slots(float *out, int log2n) {
    extern __shared__ float slots[];
    const int n = 1 << log2n;
    const int t = threadIdx.x;
    slots[t] = (float)t; //~ race
    slots[t + n / 4] = (float)-t; //~ race
    if (t == 0)
        out[blockIdx.x] = slots[1];
}

void run(float *out, int m, int log2n, int log2b) {
    int n = 1 << log2n;
    half_block_slots<<<m, n / 2, n * sizeof(float)>>>(out, log2n);
    other_amount_slots<<<m, (1 << log2b) / 4, n * sizeof(float)>>>(out, log2n);
    unsynchronised_slots<<<m, n / 4, n * sizeof(float)>>>(out, log2n);
}
