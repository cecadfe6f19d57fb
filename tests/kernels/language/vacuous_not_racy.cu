// expect-verdict: racy
//--blockDim=128 --gridDim=1
// Twin of vacuous_preconditions.cu with preconditions that agree: the race is
// reported (a racy verdict never gets the vacuous note).
__global__ void shift_consistent(int *a, int n) {
    __requires(n > 32);
    __requires(n < 64);
    a[threadIdx.x + 1] = a[threadIdx.x]; //~ race
}
