// expect-verdict(barrier_wait_parity_phase0): race-free
// expect-verdict(barrier_wait_parity_wrong): racy
// expect-verdict(ptx_wrapper_parity_loop): race-free
// expect-verdict(ptx_wrapper_parity_read_early): racy
// expect-verdict(primitives_parity_spin): race-free
// expect-verdict(primitives_parity_single_test): racy
// expect-verdict(arrive_two_at_once): unsupported
// expect-verdict(reinitialised_barrier): unsupported
//--blockDim=64 --gridDim=1
// Waits by phase parity under their library names: `cuda::barrier`'s
// `wait_parity(bool)`, a spin loop on `cuda::ptx::mbarrier_try_wait_parity`
// or `__mbarrier_try_wait_parity` (see `mbarrier_parity.cu` for the rule).
// Twins: parity 1 on a fresh barrier (returns at once), a read of another
// thread's element before the wait, and a single test outside a spin loop
// (its answer is unknown: it orders nothing). Not modelled (unsupported):
// an arrival counting as two (`arrive(2)`: the phase completes after half
// the threads, so the read races), and a barrier initialised again (its
// phases restart at 0: the second round's wait for parity 1 returns at
// once).
#include <cuda/barrier>
#include <cuda/ptx>
#include <cuda_awbarrier_primitives.h>

__global__ void barrier_wait_parity_phase0(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) init(&bar, blockDim.x);
    __syncthreads();
    s[threadIdx.x] = in[threadIdx.x];
    (void)bar.arrive();
    bar.wait_parity(false);
    out[threadIdx.x] = s[63 - threadIdx.x];
}

__global__ void barrier_wait_parity_wrong(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) init(&bar, blockDim.x);
    __syncthreads();
    s[threadIdx.x] = in[threadIdx.x]; //~ race
    (void)bar.arrive();
    bar.wait_parity(true);
    out[threadIdx.x] = s[63 - threadIdx.x]; //~ race
}

__global__ void ptx_wrapper_parity_loop(const float *in, float *out) {
    __shared__ unsigned long long bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) cuda::ptx::mbarrier_init(&bar, blockDim.x);
    __syncthreads();
    float acc = 0.f;
    for (int k = 0; k < 3; ++k) {
        s[threadIdx.x] = in[k * 64 + threadIdx.x];
        cuda::ptx::mbarrier_arrive(&bar);
        while (!cuda::ptx::mbarrier_try_wait_parity(&bar, k % 2)) {
        }
        acc += s[63 - threadIdx.x];
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}

__global__ void ptx_wrapper_parity_read_early(const float *in, float *out) {
    __shared__ unsigned long long bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) cuda::ptx::mbarrier_init(&bar, blockDim.x);
    __syncthreads();
    s[threadIdx.x] = in[threadIdx.x]; //~ race
    cuda::ptx::mbarrier_arrive(&bar);
    float v = s[63 - threadIdx.x]; //~ race
    while (!cuda::ptx::mbarrier_try_wait_parity(&bar, 0)) {
    }
    out[threadIdx.x] = v;
}

__global__ void primitives_parity_spin(const float *in, float *out) {
    __shared__ __mbarrier_t bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) __mbarrier_init(&bar, blockDim.x);
    __syncthreads();
    s[threadIdx.x] = in[threadIdx.x];
    (void)__mbarrier_arrive(&bar);
    while (!__mbarrier_try_wait_parity(&bar, 0, 1000)) {
    }
    out[threadIdx.x] = s[63 - threadIdx.x];
}

__global__ void primitives_parity_single_test(const float *in, float *out) {
    __shared__ __mbarrier_t bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) __mbarrier_init(&bar, blockDim.x);
    __syncthreads();
    s[threadIdx.x] = in[threadIdx.x]; //~ race
    (void)__mbarrier_arrive(&bar);
    bool done = __mbarrier_test_wait_parity(&bar, 0);
    out[threadIdx.x] = s[63 - threadIdx.x] + done; //~ race
}

__global__ void arrive_two_at_once(const float *in, float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) init(&bar, blockDim.x);
    __syncthreads();
    s[threadIdx.x] = in[threadIdx.x];
    auto t = bar.arrive(2);
    bar.wait(std::move(t));
    out[threadIdx.x] = s[63 - threadIdx.x];
}

__global__ void reinitialised_barrier(const float *in, float *out) {
    __shared__ __mbarrier_t bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) __mbarrier_init(&bar, blockDim.x);
    __syncthreads();
    s[threadIdx.x] = in[threadIdx.x];
    (void)__mbarrier_arrive(&bar);
    while (!__mbarrier_try_wait_parity(&bar, 0, 1000)) {
    }
    float a = s[63 - threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0) __mbarrier_init(&bar, blockDim.x);
    __syncthreads();
    s[threadIdx.x] = a + in[64 + threadIdx.x];
    (void)__mbarrier_arrive(&bar);
    while (!__mbarrier_try_wait_parity(&bar, 1, 1000)) {
    }
    out[threadIdx.x] = s[63 - threadIdx.x];
}
