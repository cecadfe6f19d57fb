// expect-verdict: racy
//--blockDim=64 --gridDim=16
// Twin of tile_size_invariant.cu where the tile also shrinks when it does not
// reach the end (`size = size / 2 + 1`): then lid can exceed size. With n >= 64
// the first tile has size 33, and thread 7's s[7 + 33] is thread 40's s[40].

__global__ void tiles_shrinking(const float *in, float *out, int n) {
    __shared__ float s[128];
    int lid = threadIdx.x;
    int size = blockDim.x;
    float acc = 0.0f;
    for (int j = 0; j < n; j += size) {
        if (j + size > n)
            size = n - j;
        else
            size = size / 2 + 1;
        if (j + lid < n) {
            s[lid] = in[j + lid]; //~ race write-write
            s[lid + size] = 2.0f * in[j + lid];
        }
        __syncthreads();
        for (int i = 0; i < size; i++)
            acc += s[i] * s[i + size];
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + lid] = acc;
}
