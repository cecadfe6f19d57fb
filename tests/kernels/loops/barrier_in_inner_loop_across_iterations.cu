// expect-verdict: race-free
//--blockDim=64 --gridDim=8
// Each block handles rows in turn; thread 0 publishes the row's scale in
// `buf[1]`, and an inner loop (which may run zero times) reuses `buf` as a
// staging tile, each store followed by a barrier. A store of the inner loop in
// one row and thread 0's store of the next row are always separated by that
// barrier (or, if the inner loop did not run, by the two barriers after the
// publication): the inner loop runs equally often in every thread, so a
// thread that has left it and started the next row has passed every barrier
// the other thread's store is followed by. Rows whose scale is zero are
// skipped with a `continue` on a block-uniform value (read after a barrier
// from one address): every thread skips the same rows.

__global__ void rows_with_scratch(const float *in, float *out, int rows, int len) {
    __shared__ float buf[64];
    for (int row = blockIdx.x; row < rows; row += gridDim.x) {
        if (threadIdx.x == 0)
            buf[1] = in[row];
        __syncthreads();
        float scale = buf[1];
        __syncthreads();
        if (scale == 0.0f)
            continue;
        float acc = 0.0f;
        for (int c = 0; c < len; ++c) {
            buf[threadIdx.x] = in[rows + c * 64 + threadIdx.x] * scale;
            __syncthreads();
            acc += buf[(threadIdx.x + 1) % 64];
            __syncthreads();
        }
        out[row * 64 + threadIdx.x] = acc;
    }
}
