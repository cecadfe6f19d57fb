// With `&&` the neighbour's slot is read only by some threads: hoisting that
// read out of the condition would read where the kernel does not.
__global__ void split_condition_short_circuit(int *out) {
    __shared__ int A[8];
    int i = threadIdx.x;
    A[i] = out[i];
    __syncthreads();
    if (i > 0 && A[i - 1] > 3) {
        A[i] = 0;
    }
    out[i] = A[i];
}
