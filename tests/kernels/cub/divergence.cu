// expect-verdict(uniform_condition): race-free
// expect-verdict(thread_condition): divergent
// expect-verdict(after_thread_return): divergent
//--blockDim=128 --gridDim=4
// A block collective contains a block barrier: every thread of the block
// must call it.
#include <cub/cub.cuh>

__global__ void uniform_condition(const int *in, int *out, int n) {
    typedef cub::BlockReduce<int, 128> BlockReduce;
    __shared__ typename BlockReduce::TempStorage temp_storage;
    int x = in[blockIdx.x * 128 + threadIdx.x];
    if (blockIdx.x < n) {
        int s = BlockReduce(temp_storage).Sum(x);
        if (threadIdx.x == 0) {
            out[blockIdx.x] = s;
        }
    }
}

__global__ void thread_condition(const int *in, int *out) {
    typedef cub::BlockReduce<int, 128> BlockReduce;
    __shared__ typename BlockReduce::TempStorage temp_storage;
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int s = 0;
    if (threadIdx.x < 64) {
        s = BlockReduce(temp_storage).Sum(x); //~ divergence
    }
    if (threadIdx.x == 0) {
        out[blockIdx.x] = s;
    }
}

__global__ void after_thread_return(const int *in, int *out, int n) {
    typedef cub::BlockReduce<int, 128> BlockReduce;
    __shared__ typename BlockReduce::TempStorage temp_storage;
    int i = blockIdx.x * 128 + threadIdx.x;
    if (i >= n) {
        return;
    }
    int s = BlockReduce(temp_storage).Sum(in[i]); //~ divergence
    if (threadIdx.x == 0) {
        out[blockIdx.x] = s;
    }
}
