// expect-verdict: race-free
//--blockDim=128 --gridDim=1
// The precondition contradicts the launch configuration: no thread runs.
__global__ void shift_wrong_launch(int *a) { //~ vacuous
    __requires(blockDim.x == 64);
    a[threadIdx.x + 1] = a[threadIdx.x];
}
