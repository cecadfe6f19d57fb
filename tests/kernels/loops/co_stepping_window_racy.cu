// expect-verdict: racy
//--blockDim=256 --gridDim=4
// The racy twin of co_stepping_window.cu: the guard `i <= stop` lets a
// block's last window write the first element of the next block's region
// (`out[stop]`, when the region is not a multiple of the window), which that
// block writes in its first window. Relating the co-stepped counters `i` and
// `w` must keep that write.

__global__ void window_by_block_width(const float *in, float *out, int n) {
    int region = n / gridDim.x;
    int start = blockIdx.x * region;
    int stop = (blockIdx.x == gridDim.x - 1) ? n : start + region;
    int i = start + threadIdx.x;
    int w = start;
    while (w < stop) {
        if (i <= stop)
            out[i] = in[i] * 2.0f; //~ race write-write
        __syncthreads();
        w += blockDim.x;
        i += blockDim.x;
    }
}

// A step that is not a constant under the launch (1 to 256): the relation
// needs no iteration count.
__global__ void window_by_parameter(const float *in, float *out, int n, int m) {
    int region = n / gridDim.x;
    int start = blockIdx.x * region;
    int stop = (blockIdx.x == gridDim.x - 1) ? n : start + region;
    unsigned s = (unsigned)(m & 255) + 1u;
    int i = start + threadIdx.x;
    int w = start;
    while (w < stop) {
        if (i <= stop)
            out[i] = in[i] * 2.0f; //~ race write-write
        __syncthreads();
        i += s;
        w += s;
    }
}
