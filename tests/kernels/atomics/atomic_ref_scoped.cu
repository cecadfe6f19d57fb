// expect-verdict: race-free
//--blockDim=64 --gridDim=8
// `cuda::atomic_ref<int, scope> r(a[i]);` (which the parser reads as a
// prototype): its methods are atomics of that scope on `a[i]`, and its
// constructor only takes the address (it reads nothing).
#include <cuda/atomic>

__global__ void count_and_flag(const int *in, int *counters, int *out) {
    cuda::atomic_ref<int, cuda::thread_scope_device> total(counters[3]);
    int before = total.fetch_add(1);
    out[blockIdx.x * 64 + threadIdx.x] = before;
    cuda::atomic_ref<int, cuda::thread_scope_device> hi(counters[4]);
    hi.fetch_max(in[blockIdx.x * 64 + threadIdx.x]);
    int seen = hi.load();
    out[512 + blockIdx.x * 64 + threadIdx.x] = seen;
    cuda::std::atomic_ref<int> any(counters[5]);
    int expected = 0;
    any.compare_exchange_strong(expected, 1);
    out[1024 + blockIdx.x * 64 + threadIdx.x] = expected;
}
