// expect-verdict: racy
//--blockDim=64 --gridDim=16
// Twin of plane_walk_exit.cu without the `n >= 1024` test: with a plane
// smaller than the grid (n = -1, the loop running once), thread t + 2's last
// store out[t] is thread t's first one.

__global__ void plane_walk_small(const float *in, float *out, int n, int layers) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    out[c] = in[c]; //~ race write-write
    c += n;
    for (int k = 1; k < layers - 1; ++k) {
        out[c] = in[c] + 1.0f; //~ race write-write
        c += n;
    }
    out[c] = in[c] + 2.0f; //~ race write-write
}
