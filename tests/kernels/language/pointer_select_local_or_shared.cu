// expect-verdict: unsupported
//--blockDim=64 --gridDim=1
// `c ? &mine : &s[0]`: a store through it updates a local in some threads
// and shared memory in others; not modelled, so no verdict.

__global__ void select_local_or_shared(int *out, int c) {
    __shared__ int s[64];
    int mine = 0;
    int *dst = (threadIdx.x < c) ? &mine : &s[0];
    *dst = 5;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x] + mine;
}
