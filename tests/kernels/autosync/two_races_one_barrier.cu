// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Two independent races that a single barrier after the second read fixes.

__global__ void two_races(int *out) {
    __shared__ int A[65];
    __shared__ int B[65];
    unsigned tid = threadIdx.x;
    int x = A[tid + 1]; //~ race read-write
    int y = B[tid + 1]; //~ race read-write
    A[tid] = x + y;
    B[tid] = x - y;
    out[tid] = x * y;
}
