// expect-verdict: racy
//--blockDim=[256] --gridDim=[64]
// Twins of tree_counter_bounded.cu where two threads meet.

// The counter's update subtracts: from 2 it becomes -2, which `t < i`
// converts to 0xfffffffe (every thread passes) and `t + i` wraps to t - 2:
// thread 6 reads vals[4] while thread 4 writes it.
__global__ void counter_goes_negative(float *out) {
    __shared__ float vals[512];
    vals[threadIdx.x] = out[threadIdx.x];
    __syncthreads();
    int i = blockDim.x / 2;
    while (i != 0) {
        if (threadIdx.x < i) {
            if (vals[threadIdx.x + i] > vals[threadIdx.x]) //~ race
                vals[threadIdx.x] = vals[threadIdx.x + i]; //~ race
        }
        __syncthreads();
        i = i / 2 - 3;
    }
}

// The write lands one slot past `t + i`: thread t writes vals[t + i + 1]
// while thread t + 1 reads vals[t + 1 + i].
__global__ void write_past_the_pair(float *out) {
    __shared__ float vals[520];
    const unsigned int t = threadIdx.x;
    vals[t] = out[t];
    __syncthreads();
    for (unsigned int i = blockDim.x >> 1; i != 0; i >>= 1) {
        if (t < i) {
            if (vals[t + i] > vals[t]) //~ race
                vals[t + i + 1] = vals[t];
        }
        __syncthreads();
    }
}
