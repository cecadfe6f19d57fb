// The racing write comes from a macro: the barrier goes after the invocation.
#define STORE_OWN(i) A[(i)] = (i) * 2
__global__ void macro_boundary(int *out) {
    __shared__ int A[64];
    int tid = threadIdx.x;
    STORE_OWN(tid);
    out[tid] = A[tid + 1];
}
