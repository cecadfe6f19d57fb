// expect-verdict: racy
//--blockDim=[128,4] --gridDim=8
// The twins of read_only_segment.cu.
// - `copy_segment`: the kernel also updates `offsets` (thread 0 of each
//   block), so another block may change offsets[b] between two rows' reads:
//   the rows may write the same element of `t`, and the update races with
//   the other blocks' reads.
// - `broadcast`: every row stores bias[x] into s[x]. The values agree (bias
//   is never written), but two unordered writes race whatever they store, and
//   the benign tolerance does not rest on the read-only fact (GPUVerify
//   reports such stores).

__global__ void copy_segment(const float *in, int *offsets, float *out) {
    __shared__ float t[1024];
    for (int i = threadIdx.y; i < 4; i += blockDim.y) {
        t[offsets[blockIdx.x] + i * 128 + threadIdx.x] = in[blockIdx.x * 512 + i * 128 + threadIdx.x]; //~ race write-write, race read-write
    }
    __syncthreads();
    out[blockIdx.x * 512 + threadIdx.y * 128 + threadIdx.x] = t[threadIdx.y * 128 + threadIdx.x];
    if (threadIdx.x == 0 && threadIdx.y == 0) {
        offsets[(blockIdx.x + 1) % gridDim.x] = 0; //~ race write-read
    }
}

__global__ void broadcast(const float *bias, float *out) {
    __shared__ float s[128];
    s[threadIdx.x] = bias[threadIdx.x]; //~ race write-write
    __syncthreads();
    out[blockIdx.x * 512 + threadIdx.y * 128 + threadIdx.x] = s[threadIdx.x];
}
