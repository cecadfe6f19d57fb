// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// Declared parameters that are values or const references: the unknown
// callee cannot change the caller's objects.

__device__ int score(int v, const int &w);

__global__ void by_value(int *out) {
    __shared__ int s[64];
    int slot = threadIdx.x;
    s[slot] = score(slot, slot);
    __syncthreads();
    out[threadIdx.x] = s[slot] + score(s[threadIdx.x], s[threadIdx.x]);
}
