// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Each thread reads its right neighbour's slot, then overwrites its own:
// thread t+1 may write A[t+1] before thread t has read it.

__global__ void shift_left(int *out) {
    __shared__ int A[65];
    unsigned tid = threadIdx.x;
    int x = A[tid + 1]; //~ race read-write
    A[tid] = x;
    out[tid] = x;
}
