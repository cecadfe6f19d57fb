// The condition of an `if` reads a neighbour's slot that the branch writes:
// the read goes to a temporary before the `if`, then the barrier.
__global__ void split_condition(int *out) {
    __shared__ int A[8];
    int i = threadIdx.x;
    A[i] = out[i];
    __syncthreads();
    if (A[(i + 1) % 8] > 3) {
        A[i] = 0;
    }
    out[i] = A[i];
}
