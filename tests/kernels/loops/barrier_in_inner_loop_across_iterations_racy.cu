// expect-verdict: racy
//--blockDim=64 --gridDim=8
// Twins of barrier_in_inner_loop_across_iterations.cu that stay racy.

// The inner loop's barrier comes before its store: the store of the inner
// loop's last pass and thread 0's store of the next row share a barrier
// interval.
__global__ void store_after_inner_barrier(const float *in, float *out, int rows, int len) {
    __shared__ float buf[64];
    for (int row = blockIdx.x; row < rows; row += gridDim.x) {
        if (threadIdx.x == 0)
            buf[1] = in[row]; //~ race write-write
        __syncthreads();
        float scale = buf[1];
        __syncthreads();
        for (int c = 0; c < len; ++c) {
            __syncthreads();
            buf[threadIdx.x] = in[rows + c * 64 + threadIdx.x] * scale;
        }
        out[row * 64 + threadIdx.x] = scale;
    }
}

// The skip happens after the inner loop, so it skips none of its barriers,
// but the row's result is read before any barrier: thread 0's store of the
// next row races with the reads of this row's last value.
__global__ void read_after_inner_loop(const float *in, float *out, int rows, int len) {
    __shared__ float buf[64];
    for (int row = blockIdx.x; row < rows; row += gridDim.x) {
        if (threadIdx.x == 0)
            buf[1] = in[row]; //~ race
        __syncthreads();
        float scale = buf[1];
        __syncthreads();
        for (int c = 0; c < len; ++c) {
            buf[threadIdx.x] = in[rows + c * 64 + threadIdx.x] * scale;
            __syncthreads();
        }
        if (scale == 0.0f)
            continue;
        out[row * 64 + threadIdx.x] = buf[63 - threadIdx.x];
    }
}

// The uniform skip jumps over the barrier that follows the tile store:
// when every thread skips, thread 0's store of the next row meets the other
// threads' tile stores in one barrier interval.
__global__ void skip_over_barrier(const float *in, float *out, int rows) {
    __shared__ float buf[64];
    for (int row = blockIdx.x; row < rows; row += gridDim.x) {
        if (threadIdx.x == 0)
            buf[1] = in[row]; //~ race write-write
        __syncthreads();
        float scale = buf[1];
        __syncthreads();
        buf[threadIdx.x] = in[rows + row * 64 + threadIdx.x] * scale;
        if (scale == 0.0f)
            continue;
        __syncthreads();
        out[row * 64 + threadIdx.x] = buf[63 - threadIdx.x];
        __syncthreads();
    }
}
