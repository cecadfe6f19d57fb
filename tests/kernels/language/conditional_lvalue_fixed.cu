// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// Each thread writes its own element through a conditional object or an
// assignment used as an object; vector components at a computed index in
// memory are distinct elements.

__global__ void conditional_object_fixed(int *out, int k) {
    __shared__ int s[64];
    __shared__ int t[64];
    __shared__ int4 v[64];
    (threadIdx.x & 1 ? s[threadIdx.x] : t[threadIdx.x]) = 1;
    (s[threadIdx.x] = 0) += 2;
    v[threadIdx.x][k & 3] = 5;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x] + t[threadIdx.x] + v[threadIdx.x].x;
}
