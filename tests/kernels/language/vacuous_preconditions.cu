// expect-verdict: race-free
//--blockDim=128 --gridDim=1
// The two preconditions contradict each other: no thread satisfies both, so
// the race-free verdict is vacuous (the shift below races otherwise) and the
// report says so.
__global__ void shift_contradiction(int *a, int n) { //~ vacuous
    __requires(n > 64);
    __requires(n < 32);
    a[threadIdx.x + 1] = a[threadIdx.x];
}
