// expect-verdict: race-free
//--blockDim=128 --gridDim=1
// The precondition holds in some executions, but every access sits under a
// branch it rules out: no pair of accesses is ever compared.
__global__ void shift_never_taken(int *a, int n) { //~ vacuous
    __requires(n == 0);
    if (n > 0)
        a[threadIdx.x + 1] = a[threadIdx.x];
}
