// One statement reads a neighbour's slot and writes its own.
__global__ void split_assign(int *out) {
    __shared__ int A[64];
    int i = threadIdx.x;
    A[i] = i;
    __syncthreads();
    A[i] = A[i + 1];
}
