// expect-verdict: racy
// As offset_block_stride.cu, but the segment's start is read at the thread's
// own index, so it differs between the threads of a block: thread 0 with
// start 1 and thread 1 with start 0 both store to seg[1].

__global__ void segment_scale(float *out, const int *__restrict__ offsets, float k) {
    __shared__ float seg[4096];
    const int start = offsets[threadIdx.x];
    const int len = offsets[blockIdx.x + 1] - start;
    for (int s = 0; s < len; s += blockDim.x) {
        int i = s + threadIdx.x;
        if (i < len && start + i < 4096) {
            seg[start + i] = k * (float)i; //~ race write-write
        }
    }
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = seg[threadIdx.x];
}
