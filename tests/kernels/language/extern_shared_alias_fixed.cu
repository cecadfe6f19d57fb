// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// Two views of the dynamic shared memory, separated by a barrier.

extern __shared__ float as_float[];

__global__ void aliased_fixed(int *out) {
    extern __shared__ int as_int[];
    as_int[threadIdx.x] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = (int)as_float[(threadIdx.x + 1) % 64];
}
