// expect-verdict: racy
//--blockDim=64 --gridDim=8
// Twins of atomic_ref_scoped.cu: a block-scope `atomic_ref` is atomic only
// among the threads of one block, so two blocks' `fetch_add` race; a plain
// store to the referent races with another thread's atomic.
#include <cuda/atomic>

__global__ void block_scope_across_blocks(int *counters, int *out) {
    cuda::atomic_ref<int, cuda::thread_scope_block> c(counters[0]);
    out[blockIdx.x * 64 + threadIdx.x] = c.fetch_add(1); //~ race
}

__global__ void plain_store_vs_atomic(int *counters, int *out) {
    cuda::atomic_ref<int, cuda::thread_scope_device> c(counters[1]);
    out[blockIdx.x * 64 + threadIdx.x] = c.fetch_add(1); //~ race
    if (threadIdx.x == 0)
        counters[1] = (int)blockIdx.x; //~ race
}
