// expect-verdict: race-free
//--blockDim=[128,4] --gridDim=8
// A block's segment start `offsets[blockIdx.x]` is read inside a
// thread-dependent loop, by every thread. `offsets` is never written by the
// kernel, so every read of that element returns one value: the rows of the
// block write their own parts of `t`. The same holds for `scale[0]` in a
// branch condition: every thread takes the same way.

__global__ void copy_segment(const float *in, const int *offsets, const float *scale, float *out) {
    __shared__ float t[1024];
    for (int i = threadIdx.y; i < 4; i += blockDim.y) {
        t[offsets[blockIdx.x] + i * 128 + threadIdx.x] = in[blockIdx.x * 512 + i * 128 + threadIdx.x];
    }
    __syncthreads();
    float v = t[threadIdx.y * 128 + threadIdx.x];
    for (int j = threadIdx.x; j < 128; j += blockDim.x) {
        if (scale[0] > 0.0f) {
            v = v * scale[0];
        }
    }
    if (scale[0] > 0.0f) {
        __syncthreads();
    }
    out[blockIdx.x * 512 + threadIdx.y * 128 + threadIdx.x] = v;
}
