// expect-verdict: divergent
//--blockDim=256 --gridDim=8
// `__ldcv` fetches again on every call: the way to poll memory another agent
// (the host, another grid) writes while the kernel runs. Two warps of one
// block may read two values: the barrier under it is divergent.

__global__ void ldcv_guards_barrier(const int *stop, int *out) {
    if (__ldcv(stop) != 0)
        __syncthreads(); //~ divergence
    out[blockIdx.x * 256 + threadIdx.x] = 1;
}
