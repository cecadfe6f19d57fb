// expect-verdict: racy
//--blockDim=128 --gridDim=1
// Even threads read two slots ahead; every sixth thread writes its own slot:
// thread 4 reads A[6] while thread 6 writes it.

__global__ void two_conditionals(int *out) {
    __shared__ int A[130];
    unsigned tid = threadIdx.x;
    int x = 0;
    if (tid % 2 == 0) {
        x = A[tid + 2]; //~ race read-write
    }
    if (tid % 6 == 0) {
        A[tid] += x;
    }
    out[tid] = x;
}
