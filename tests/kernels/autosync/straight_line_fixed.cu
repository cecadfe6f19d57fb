// expect-verdict: race-free
//--blockDim=64 --gridDim=1

__global__ void shift_left_synced(int *out) {
    __shared__ int A[65];
    unsigned tid = threadIdx.x;
    int x = A[tid + 1];
    __syncthreads();
    A[tid] = x;
    out[tid] = x;
}
