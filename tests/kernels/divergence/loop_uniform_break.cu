// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// The same loop leaving on a value every thread shares: the barriers are
// reached by all threads in every pass.

__global__ void even_rounds(int *out, int rounds) {
    __shared__ int buf[64];
    int i = 0;
    while (true) {
        buf[threadIdx.x] = i;
        __syncthreads();
        out[threadIdx.x] += buf[63 - threadIdx.x];
        __syncthreads();
        if (++i >= rounds) break;
    }
}
