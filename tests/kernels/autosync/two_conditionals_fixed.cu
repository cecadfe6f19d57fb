// expect-verdict: race-free
//--blockDim=128 --gridDim=1

__global__ void two_conditionals_synced(int *out) {
    __shared__ int A[130];
    unsigned tid = threadIdx.x;
    int x = 0;
    if (tid % 2 == 0) {
        x = A[tid + 2];
    }
    __syncthreads();
    if (tid % 6 == 0) {
        A[tid] += x;
    }
    out[tid] = x;
}
