// expect-verdict: unsupported
//--blockDim=64 --gridDim=1
// A recursive call is not inlined; the callee may reach a barrier in
// thread-dependent control flow, so a havoc of its arguments is not enough.

__device__ void descend(int depth) {
    if (depth == 0) {
        if (threadIdx.x < 7) {
            __syncthreads();
        }
    } else {
        descend(depth - 1);
    }
}

__global__ void recursive_barrier(int *out) {
    descend(2);
    out[threadIdx.x] = 0;
}
