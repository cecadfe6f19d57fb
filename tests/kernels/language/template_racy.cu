// expect-verdict: racy
//--blockDim=128 --gridDim=1

template <typename T>
__global__ void rotate_left(T *data) {
    __shared__ T buf[128];
    unsigned tid = threadIdx.x;
    buf[tid] = data[tid];
    __syncthreads();
    T next = buf[(tid + 1) % 128]; //~ race read-write
    buf[tid] = next;
    data[tid] = buf[tid];
}
