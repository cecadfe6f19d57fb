// expect-verdict: racy
//--blockDim=[128,4] --gridDim=8
// The twin of read_only_broadcast.cu: here block b's row 0 also updates the
// bias, so another block may change bias[x] between the reads of two rows of
// one block. The rows then store different values in s[x], and the update
// itself races with the other blocks' reads.

__global__ void broadcast_bias(float *bias, const int *offsets, float *out) {
    __shared__ float s[128];
    __shared__ float t[1024];
    s[threadIdx.x] = bias[threadIdx.x]; //~ race read-write, race write-write
    __syncthreads();
    for (int i = threadIdx.y; i < 4; i += blockDim.y) {
        t[offsets[blockIdx.x] + i * 128 + threadIdx.x] = s[threadIdx.x];
    }
    __syncthreads();
    out[blockIdx.x * 512 + threadIdx.y * 128 + threadIdx.x] = t[threadIdx.y * 128 + threadIdx.x];
    if (threadIdx.y == 0) {
        bias[threadIdx.x] = s[threadIdx.x] * 0.5f; //~ race write-write
    }
}
