// expect-verdict(parity_round): race-free
// expect-verdict(parity_round_wrong_parity): racy
// expect-verdict(parity_two_rounds): race-free
// expect-verdict(parity_two_rounds_stale): racy
// expect-verdict(parity_loop_flip): race-free
// expect-verdict(parity_loop_no_flip): divergent
// expect-verdict(parity_ring): race-free
// expect-verdict(parity_ring_early_release): racy
// expect-verdict(parity_ring_no_backpressure): divergent
// expect-verdict(parity_wait_before_arrivals_deadlock): divergent
//--blockDim=64 --gridDim=1
// Waits by phase parity (`mbarrier.try_wait.parity` in a spin loop): the
// wait succeeds once the phase of that parity completed, so a thread that
// knows the barrier's first L phases complete waits for phase L when its
// parity is L's, and returns at once (phase L - 1) otherwise, as long as
// phase L + 1 cannot complete before it returns (`check/named.rs`,
// `parity_generation`). Twins: the wrong parity (returns at once), a second
// round waiting for parity 0 again, a loop that never flips the parity (a
// thread may then arrive for phase 2 while phase 1 is pending), a consumer
// that releases the slot before reading it, a producer that never waits for
// the consumers (it arrives again while its phase is pending, and the
// barrier may lap the consumer's wait), and a wait for a phase whose
// arrivals come after it.

__device__ void mb_init(unsigned long long *bar, unsigned count) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;"
                 :: "r"((unsigned)__cvta_generic_to_shared(bar)), "r"(count) : "memory");
}

__device__ void mb_arrive(unsigned long long *bar) {
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];"
                 :: "r"((unsigned)__cvta_generic_to_shared(bar)) : "memory");
}

__device__ void mb_wait_parity(unsigned long long *bar, unsigned parity) {
    asm volatile("{\n"
                 ".reg .pred P1;\n"
                 "LAB_WAIT:\n"
                 "mbarrier.try_wait.parity.shared::cta.b64 P1, [%0], %1;\n"
                 "@P1 bra DONE;\n"
                 "bra LAB_WAIT;\n"
                 "DONE:\n"
                 "}\n"
                 :: "r"((unsigned)__cvta_generic_to_shared(bar)), "r"(parity) : "memory");
}

__global__ void parity_round(const float *in, float *out) {
    __shared__ unsigned long long bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) mb_init(&bar, blockDim.x);
    __syncthreads();
    s[threadIdx.x] = in[threadIdx.x];
    mb_arrive(&bar);
    mb_wait_parity(&bar, 0);
    out[threadIdx.x] = s[63 - threadIdx.x];
}

__global__ void parity_round_wrong_parity(const float *in, float *out) {
    __shared__ unsigned long long bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) mb_init(&bar, blockDim.x);
    __syncthreads();
    s[threadIdx.x] = in[threadIdx.x]; //~ race
    mb_arrive(&bar);
    mb_wait_parity(&bar, 1);
    out[threadIdx.x] = s[63 - threadIdx.x]; //~ race
}

__global__ void parity_two_rounds(const float *in, float *out) {
    __shared__ unsigned long long bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) mb_init(&bar, blockDim.x);
    __syncthreads();
    s[threadIdx.x] = in[threadIdx.x];
    mb_arrive(&bar);
    mb_wait_parity(&bar, 0);
    float a = s[63 - threadIdx.x];
    __syncthreads();
    s[threadIdx.x] = a + in[64 + threadIdx.x];
    mb_arrive(&bar);
    mb_wait_parity(&bar, 1);
    out[threadIdx.x] = s[63 - threadIdx.x];
}

__global__ void parity_two_rounds_stale(const float *in, float *out) {
    __shared__ unsigned long long bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) mb_init(&bar, blockDim.x);
    __syncthreads();
    s[threadIdx.x] = in[threadIdx.x]; //~ race
    mb_arrive(&bar);
    mb_wait_parity(&bar, 0);
    float a = s[63 - threadIdx.x];
    __syncthreads();
    s[threadIdx.x] = a + in[64 + threadIdx.x]; //~ race
    mb_arrive(&bar);
    mb_wait_parity(&bar, 0);
    out[threadIdx.x] = s[63 - threadIdx.x]; //~ race
}

__global__ void parity_loop_flip(const float *in, float *out) {
    __shared__ unsigned long long bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) mb_init(&bar, blockDim.x);
    __syncthreads();
    unsigned phase = 0;
    float acc = 0.f;
    for (int k = 0; k < 4; ++k) {
        s[threadIdx.x] = in[k * 64 + threadIdx.x];
        mb_arrive(&bar);
        mb_wait_parity(&bar, phase);
        acc += s[63 - threadIdx.x];
        phase ^= 1;
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}

__global__ void parity_loop_no_flip(const float *in, float *out) {
    __shared__ unsigned long long bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) mb_init(&bar, blockDim.x);
    __syncthreads();
    unsigned phase = 0;
    float acc = 0.f;
    for (int k = 0; k < 4; ++k) {
        s[threadIdx.x] = in[k * 64 + threadIdx.x]; //~ race
        mb_arrive(&bar); //~ barrier-recycling
        mb_wait_parity(&bar, phase);
        acc += s[63 - threadIdx.x]; //~ race
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}

// Warp 0 produces into `buf`, warp 1 consumes; `full` and `empty` each
// expect one warp. The producer starts with parity 1 on `empty` (the phase
// before the first counts as complete: its first wait returns at once).
__global__ void parity_ring(const float *in, float *out) {
    __shared__ unsigned long long full, empty;
    __shared__ float buf[32];
    if (threadIdx.x == 0) {
        mb_init(&full, 32);
        mb_init(&empty, 32);
    }
    __syncthreads();
    unsigned phase = 0;
    for (int k = 0; k < 4; ++k) {
        if (threadIdx.x < 32) {
            mb_wait_parity(&empty, phase ^ 1);
            buf[threadIdx.x] = in[k * 32 + threadIdx.x];
            mb_arrive(&full);
        } else {
            mb_wait_parity(&full, phase);
            out[k * 32 + threadIdx.x - 32] = buf[63 - threadIdx.x];
            mb_arrive(&empty);
        }
        phase ^= 1;
    }
}

__global__ void parity_ring_early_release(const float *in, float *out) {
    __shared__ unsigned long long full, empty;
    __shared__ float buf[32];
    if (threadIdx.x == 0) {
        mb_init(&full, 32);
        mb_init(&empty, 32);
    }
    __syncthreads();
    unsigned phase = 0;
    for (int k = 0; k < 4; ++k) {
        if (threadIdx.x < 32) {
            mb_wait_parity(&empty, phase ^ 1);
            buf[threadIdx.x] = in[k * 32 + threadIdx.x]; //~ race
            mb_arrive(&full);
        } else {
            mb_wait_parity(&full, phase);
            mb_arrive(&empty);
            out[k * 32 + threadIdx.x - 32] = buf[63 - threadIdx.x]; //~ race
        }
        phase ^= 1;
    }
}

// The producer never waits on `empty`: `full` may complete phase k + 1
// (and k + 2) while a consumer still waits for phase k, and its wait for
// parity k % 2 then waits for phase k + 2 instead (or the producer
// overwrites `buf` under the consumer's read).
__global__ void parity_ring_no_backpressure(const float *in, float *out) {
    __shared__ unsigned long long full;
    __shared__ float buf[32];
    if (threadIdx.x == 0) mb_init(&full, 32);
    __syncthreads();
    unsigned phase = 0;
    for (int k = 0; k < 4; ++k) {
        if (threadIdx.x < 32) {
            buf[threadIdx.x] = in[k * 32 + threadIdx.x]; //~ race
            mb_arrive(&full); //~ barrier-recycling
        } else {
            mb_wait_parity(&full, phase);
            out[k * 32 + threadIdx.x - 32] = buf[63 - threadIdx.x]; //~ race
        }
        phase ^= 1;
    }
}

// Warp 1 waits for phase 0 before warp 0 may arrive, and warp 0 arrives
// only after a block-wide barrier warp 1 never reaches first.
__global__ void parity_wait_before_arrivals_deadlock(const float *in, float *out) {
    __shared__ unsigned long long bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) mb_init(&bar, 32);
    __syncthreads();
    s[threadIdx.x] = in[threadIdx.x];
    if (threadIdx.x >= 32) mb_wait_parity(&bar, 0);
    __syncthreads(); //~ barrier-deadlock
    if (threadIdx.x < 32) mb_arrive(&bar);
    out[threadIdx.x] = s[63 - threadIdx.x];
}
