// expect-verdict: unsupported
//--blockDim=64 --gridDim=1
// A pointer to a local in some threads and to shared memory in others: a
// store through it would update a local or memory; not modelled, so no
// verdict rather than a wrong one.

__global__ void local_or_shared(int *out) {
    __shared__ int s[64];
    int mine = 0;
    int *dst = &mine;
    if (threadIdx.x < 2) {
        dst = &s[0];
    }
    *dst = 5;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x] + mine;
}
