// expect-verdict: racy
//--blockDim=[128] --gridDim=[32]
// Twins of halo_guard_bounds.cu whose guarded loads reach the tile.

#define RADIUS 4
#define TILE 128

// One thread too many loads the left halo: thread RADIUS writes the element
// thread 0 wrote.
__global__ void stencil_guard_too_wide(const float *in) {
    __shared__ float tile[TILE + 2 * RADIUS];
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int l = threadIdx.x + RADIUS;
    tile[l] = in[g]; //~ race write-write
    if (threadIdx.x <= RADIUS)
        tile[l - RADIUS] = in[g];
}

// The halves swapped: thread 0 writes s[16], as thread 16 does.
__global__ void split_halves_swapped(const float *in) {
    __shared__ float s[TILE + 16];
    if (threadIdx.x >= 16) {
        s[threadIdx.x] = in[threadIdx.x]; //~ race write-write
    } else {
        s[threadIdx.x + 16] = in[threadIdx.x];
    }
}

// The test reads a local that a branch may have moved: no bound.
__global__ void guard_through_moved_local(const float *in, int shift) {
    __shared__ float s[TILE + 16];
    int x = threadIdx.x;
    if (shift) x = (int)threadIdx.x - 100;
    s[threadIdx.x + 16] = in[threadIdx.x]; //~ race write-write
    if (x < 16)
        s[threadIdx.x] = in[threadIdx.x];
}

// Two different constants: the base may be 1, where thread 0's first
// element is thread 1's.
__global__ void zero_bins_two_bases(int nbins, int shift) {
    __shared__ int raw[1024];
    int base = 0;
    if (shift) base = 1;
    for (int i = threadIdx.x; i < nbins; i += blockDim.x)
        raw[base + i] = 0; //~ race write-write
    raw[threadIdx.x] = 1;
}
