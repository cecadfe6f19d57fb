// expect-verdict: race-free
//--blockDim=64 --gridDim=1

__global__ void two_races_synced(int *out) {
    __shared__ int A[65];
    __shared__ int B[65];
    unsigned tid = threadIdx.x;
    int x = A[tid + 1];
    int y = B[tid + 1];
    __syncthreads();
    A[tid] = x + y;
    B[tid] = x - y;
    out[tid] = x * y;
}
