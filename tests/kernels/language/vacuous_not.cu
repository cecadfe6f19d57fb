// expect-verdict: race-free
//--blockDim=128 --gridDim=1
// Twin of vacuous_dead_accesses.cu: the precondition leaves executions that
// reach the accesses, so the verdict is a proof and there is no note.
__global__ void copy_some(int *a, const int *b, int n) {
    __requires(n > 0);
    if (threadIdx.x < n)
        a[threadIdx.x] = b[threadIdx.x];
}
