// Both racing accesses are inside one macro expansion: no barrier can be written between them.
#define SHIFT(i) A[(i)] = A[(i) + 1]
__global__ void macro_inside(int *out) {
    __shared__ int A[64];
    int tid = threadIdx.x;
    A[tid] = tid;
    __syncthreads();
    SHIFT(tid);
}
