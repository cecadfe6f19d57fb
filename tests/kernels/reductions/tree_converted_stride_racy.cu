// expect-verdict: racy
//--blockDim=[256] --gridDim=[64]
// Twins of tree_converted_stride.cu where two threads meet.

// `<=`: thread i writes flats[i] while thread 0 reads flats[0 + i].
__global__ void inclusive_test(float *out) {
    __shared__ float flats[512];
    flats[threadIdx.x] = 1.0f;
    __syncthreads();
    int i = blockDim.x / 2;
    while (i != 0) {
        if (threadIdx.x <= i)
            flats[threadIdx.x] += flats[threadIdx.x + i]; //~ race
        __syncthreads();
        i /= 2;
    }
}

// The stride starts negative (-72 with 256 threads): `threadIdx.x < i`
// converts it to a huge unsigned value, every thread passes, and `t + i`
// wraps to t - 72: thread 100 reads flats[28] while thread 28 writes it.
__global__ void negative_start(float *out) {
    __shared__ float flats[256];
    flats[threadIdx.x] = 1.0f;
    __syncthreads();
    int i = blockDim.x / 2 - 200;
    while (i != 0) {
        if (threadIdx.x < i)
            flats[threadIdx.x] += flats[threadIdx.x + i]; //~ race
        __syncthreads();
        i /= 2;
    }
}
