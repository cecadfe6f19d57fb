// expect-verdict: race-free
//--blockDim=[128,4] --gridDim=8
// Every row of the block copies the same bias into shared memory: threads
// (x, 0) .. (x, 3) all store bias[x]. `bias` is never written by the kernel,
// so each of them reads one value and the stores agree (a benign race).

__global__ void broadcast_bias(const float *bias, const int *offsets, float *out) {
    __shared__ float s[128];
    __shared__ float t[1024];
    s[threadIdx.x] = bias[threadIdx.x]; //~ benign-race
    __syncthreads();
    // A segment start read inside a thread-dependent loop: one element of a
    // read-only array, the same value in every thread of the block.
    for (int i = threadIdx.y; i < 4; i += blockDim.y) {
        t[offsets[blockIdx.x] + i * 128 + threadIdx.x] = s[threadIdx.x];
    }
    __syncthreads();
    out[blockIdx.x * 512 + threadIdx.y * 128 + threadIdx.x] = t[threadIdx.y * 128 + threadIdx.x];
}
