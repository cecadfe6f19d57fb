// expect-verdict: race-free
//--blockDim=128 --gridDim=8
// `cuda::atomic_ref` types named through a file-scope alias or typedef
// are the same types ([dcl.typedef]p2): a device-scope counter hands out
// distinct slots across blocks, a block-scope one counts a block's own
// shared histogram.
#include <cuda/atomic>

using dev_ref = cuda::atomic_ref<int, cuda::thread_scope_device>;
typedef cuda::atomic_ref<int, cuda::thread_scope_block> block_ref;

__global__ void alias_device_counter(int *counter, int *out) {
    dev_ref c(*counter);
    int slot = c.fetch_add(1);
    out[slot] = threadIdx.x;
}

__global__ void typedef_block_histogram(const int *in, int *hist) {
    __shared__ int local[16];
    if (threadIdx.x < 16)
        local[threadIdx.x] = 0;
    __syncthreads();
    block_ref r(local[in[blockIdx.x * blockDim.x + threadIdx.x] & 15]);
    r.fetch_add(1);
    __syncthreads();
    if (threadIdx.x < 16) {
        dev_ref g(hist[threadIdx.x]);
        g.fetch_add(local[threadIdx.x]);
    }
}

int main() {
    int *counter, *out, *in, *hist;
    cudaMalloc(&counter, sizeof(int));
    cudaMalloc(&out, 8 * 128 * sizeof(int));
    cudaMalloc(&in, 8 * 128 * sizeof(int));
    cudaMalloc(&hist, 16 * sizeof(int));
    alias_device_counter<<<8, 128>>>(counter, out);
    typedef_block_histogram<<<8, 128>>>(in, hist);
    cudaDeviceSynchronize();
    return 0;
}
