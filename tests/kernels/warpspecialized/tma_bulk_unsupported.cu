// expect-verdict(tx_copy_then_syncthreads): unsupported
// expect-verdict(bulk_copy_then_syncthreads): unsupported
//--blockDim=128 --gridDim=1
// TMA bulk copies under their libcu++ names: the bytes land asynchronously,
// before the completion of the barrier phase whose transaction count they
// complete. That is not modelled, and taken as unknown calls they would
// act at the call (a read after `__syncthreads()` alone, which does not
// wait for the copy, would seem ordered): the kernels are unsupported.
#include <cuda/barrier>
#include <cuda/ptx>
namespace cde = cuda::device::experimental;

__global__ void tx_copy_then_syncthreads(const float *in, float *out) {
    __shared__ alignas(16) float s[128];
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    if (threadIdx.x == 0) {
        init(&bar, 1);
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        cuda::device::memcpy_async_tx(s, in, cuda::aligned_size_t<16>(sizeof(s)), bar);
        (void)cuda::device::barrier_arrive_tx(bar, 1, sizeof(s));
    }
    __syncthreads();
    out[threadIdx.x] = s[127 - threadIdx.x];
}

__global__ void bulk_copy_then_syncthreads(const float *in, float *out) {
    __shared__ alignas(16) float s[128];
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    if (threadIdx.x == 0) {
        init(&bar, 1);
        cde::fence_proxy_async_shared_cta();
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        cde::cp_async_bulk_global_to_shared(s, in, sizeof(s), bar);
    }
    __syncthreads();
    out[threadIdx.x] = s[127 - threadIdx.x];
}
