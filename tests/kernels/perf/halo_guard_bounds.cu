// expect-verdict: race-free
//--blockDim=[128] --gridDim=[32]
// Halo loads of a 1-D stencil: threads below the radius also load the
// elements left and right of the block's tile, under `if (threadIdx.x <
// RADIUS)`; the test bounds where those loads land ([0, RADIUS) and past
// the tile), apart from the tile's own elements [RADIUS, RADIUS + 128).
// The `else` of a thread test bounds the other way.

#define RADIUS 4
#define TILE 128

__global__ void stencil(const float *in, float *out) {
    __shared__ float tile[TILE + 2 * RADIUS];
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int l = threadIdx.x + RADIUS;
    tile[l] = in[g];
    if (threadIdx.x < RADIUS) {
        tile[l - RADIUS] = g >= RADIUS ? in[g - RADIUS] : 0.0f;
        tile[l + TILE] = in[g + TILE];
    }
    __syncthreads();
    float sum = 0.0f;
    for (int k = -RADIUS; k <= RADIUS; k++)
        sum += tile[l + k];
    out[g] = sum;
}

__global__ void split_halves(const float *in) {
    __shared__ float s[TILE + 16];
    if (threadIdx.x >= 16) {
        s[threadIdx.x + 16] = in[threadIdx.x];
    } else {
        s[threadIdx.x] = in[threadIdx.x];
    }
}

// A pointer set to nullptr and then, in a branch, to the dynamic shared
// buffer is at offset 0 either way: a block-stride loop over it.
__global__ void zero_bins(int nbins, int shared_bins) {
    extern __shared__ unsigned char raw[];
    int *bins = nullptr;
    if (shared_bins) bins = reinterpret_cast<int *>(raw);
    for (int i = threadIdx.x; i < nbins; i += blockDim.x)
        bins[i] = 0;
}
