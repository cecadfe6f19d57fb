// expect-verdict(ptx_split_phase): race-free
// expect-verdict(ptx_waits_on_other_barrier): racy
// expect-verdict(ptx_init_unpublished): racy
// expect-verdict(ptx_parity_wait): race-free
//--blockDim=64 --gridDim=1
// mbarrier in inline PTX: `mbarrier.init`, `mbarrier.arrive` (its state in an
// output operand) and a `mbarrier.try_wait` spin loop, behind device helpers
// as kernels write them; each array element is its own barrier. Twins: a
// wait on the phase of barrier 1, whose arrival came before the store the
// read needs; arrivals not ordered after thread 0's `mbarrier.init`. A wait
// by phase parity 0 (`try_wait.parity`) after the thread's arrival waits for
// phase 0 (`mbarrier_parity.cu`).

__device__ void mbar_init(unsigned long long *bar, unsigned count) {
    asm volatile("mbarrier.init.shared.b64 [%0], %1;"
                 :: "r"((unsigned)__cvta_generic_to_shared(bar)), "r"(count) : "memory");
}

__device__ unsigned long long mbar_arrive(unsigned long long *bar) {
    unsigned long long state;
    asm volatile("mbarrier.arrive.shared.b64 %0, [%1];"
                 : "=l"(state) : "r"((unsigned)__cvta_generic_to_shared(bar)) : "memory");
    return state;
}

__device__ void mbar_wait(unsigned long long *bar, unsigned long long state) {
    asm volatile("{\n"
                 ".reg .pred P1;\n"
                 "LAB_WAIT:\n"
                 "mbarrier.try_wait.shared.b64 P1, [%0], %1;\n"
                 "@P1 bra DONE;\n"
                 "bra LAB_WAIT;\n"
                 "DONE:\n"
                 "}\n"
                 :: "r"((unsigned)__cvta_generic_to_shared(bar)), "l"(state) : "memory");
}

__global__ void ptx_split_phase(const float *in, float *out) {
    __shared__ unsigned long long bar[2];
    __shared__ float s[64];
    if (threadIdx.x == 0) {
        mbar_init(&bar[0], blockDim.x);
        mbar_init(&bar[1], blockDim.x);
    }
    __syncthreads();
    s[threadIdx.x] = in[threadIdx.x];
    unsigned long long st = mbar_arrive(&bar[0]);
    mbar_wait(&bar[0], st);
    out[threadIdx.x] = s[63 - threadIdx.x];
}

__global__ void ptx_waits_on_other_barrier(const float *in, float *out) {
    __shared__ unsigned long long bar[2];
    __shared__ float s[64];
    if (threadIdx.x == 0) {
        mbar_init(&bar[0], blockDim.x);
        mbar_init(&bar[1], blockDim.x);
    }
    __syncthreads();
    unsigned long long other = mbar_arrive(&bar[1]);
    s[threadIdx.x] = in[threadIdx.x]; //~ race write-read
    unsigned long long st = mbar_arrive(&bar[0]);
    mbar_wait(&bar[1], other);
    out[threadIdx.x] = s[63 - threadIdx.x];
    mbar_wait(&bar[0], st);
}

__global__ void ptx_init_unpublished(const float *in, float *out) {
    __shared__ unsigned long long bar[1];
    __shared__ float s[64];
    if (threadIdx.x == 0) {
        mbar_init(&bar[0], blockDim.x); //~ race
    }
    s[threadIdx.x] = in[threadIdx.x];
    unsigned long long st = mbar_arrive(&bar[0]);
    mbar_wait(&bar[0], st);
    out[threadIdx.x] = s[63 - threadIdx.x];
}

__global__ void ptx_parity_wait(const float *in, float *out) {
    __shared__ unsigned long long bar[1];
    __shared__ float s[64];
    if (threadIdx.x == 0) {
        mbar_init(&bar[0], blockDim.x);
    }
    __syncthreads();
    s[threadIdx.x] = in[threadIdx.x];
    mbar_arrive(&bar[0]);
    asm volatile("{\n"
                 ".reg .pred P1;\n"
                 "WAIT: mbarrier.try_wait.parity.shared.b64 P1, [%0], %1;\n"
                 "@!P1 bra WAIT;\n"
                 "}\n"
                 :: "r"((unsigned)__cvta_generic_to_shared(&bar[0])), "r"(0) : "memory");
    out[threadIdx.x] = s[63 - threadIdx.x];
}
