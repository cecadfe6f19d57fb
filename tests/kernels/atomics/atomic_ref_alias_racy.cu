// expect-verdict: racy
//--blockDim=128 --gridDim=8
// Twins of atomic_ref_alias.cu: a block-scope `atomic_ref` named through
// an alias is atomic only among the threads of one block, so two blocks'
// `fetch_add` on one global counter race, and so do two blocks' block-scope
// `store`/`load` of one flag.
#include <cuda/atomic>

using block_ref = cuda::atomic_ref<int, cuda::thread_scope_block>;
typedef cuda::atomic_ref<unsigned, cuda::thread_scope_block> ublock_ref;

__global__ void alias_block_across_blocks(int *counter, int *out) {
    block_ref c(*counter);
    out[blockIdx.x * 128 + threadIdx.x] = c.fetch_add(1); //~ race
}

__global__ void typedef_block_store_load(unsigned *flag, unsigned *out) {
    ublock_ref f(flag[0]);
    if (threadIdx.x == 0)
        f.store(blockIdx.x); //~ race
    out[blockIdx.x * 128 + threadIdx.x] = f.load(); //~ race
}

int main() {
    int *counter, *out;
    unsigned *flag, *uout;
    cudaMalloc(&counter, sizeof(int));
    cudaMalloc(&out, 8 * 128 * sizeof(int));
    cudaMalloc(&flag, sizeof(unsigned));
    cudaMalloc(&uout, 8 * 128 * sizeof(unsigned));
    alias_block_across_blocks<<<8, 128>>>(counter, out);
    typedef_block_store_load<<<8, 128>>>(flag, uout);
    cudaDeviceSynchronize();
    return 0;
}
