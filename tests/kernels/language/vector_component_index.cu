// expect-verdict: racy
//--blockDim=64 --gridDim=1
// A vector component at a computed index of a shared vector is a write of
// that element: neighbouring threads write the same vector.

__global__ void vector_component(int *out, int k) {
    __shared__ int4 v[64];
    v[threadIdx.x / 2][k & 3] = threadIdx.x; //~ race write-write
    __syncthreads();
    out[threadIdx.x] = v[threadIdx.x].x;
}
