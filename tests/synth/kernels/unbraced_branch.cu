// The cheapest barrier sits in a uniform branch written without braces.
__global__ void unbraced_branch(int *out, int n) {
    __shared__ int A[64];
    int tid = threadIdx.x;
    int x = 0;
    if (n > 0)
        x = A[tid + 1];
    A[tid] = x;
}
