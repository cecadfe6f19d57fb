// expect-verdict: race-free
// Each thread stores ITEMS consecutive items of a tile of TILE items in a
// grid-stride loop over tiles, under a guard on the items left (a
// cub-like blocked store), after a binary search per item whose halving
// step has a small value set: the checker splits the store's queries into
// one case per pair of steps (64), each case about as hard as the whole
// query, which decides it in one larger try (check/sdv.rs, `solve`).
#define TILE 256
#define ITEMS 4

// A binary search over a sorted table: its halving step is a loop counter
// with a small value set, which the split fixes case by case although no
// offset depends on it.
__device__ unsigned char nearest(const float *table, float x)
{
    int pivot = 127;
    float val = table[pivot];
    for (int step = 64; step > 0; step >>= 1) {
        pivot += x > val ? step : -step;
        val = table[pivot];
    }
    return pivot;
}

template <int N>
__device__ void store_blocked(int t, unsigned char *dst, unsigned char (&items)[N], int valid)
{
    unsigned char *mine = dst + t * N;
#pragma unroll
    for (int item = 0; item < N; item++) {
        if (item + t * N < valid) {
            mine[item] = items[item];
        }
    }
}

__global__ void blocked_store(const float *in, unsigned char *out, int n)
{
    const int stride = gridDim.x * TILE;
    __shared__ float code[256];
    for (int k = threadIdx.x; k < 256; k += blockDim.x)
        code[k] = in[k];
    unsigned char q[ITEMS];
    float v[ITEMS];
    for (int i = blockIdx.x * TILE; i < n; i += stride) {
        int valid = min(n - i, TILE);
#pragma unroll
        for (int j = 0; j < ITEMS; j++)
            if (j + threadIdx.x * ITEMS < valid)
                v[j] = in[i + threadIdx.x * ITEMS + j];
        __syncthreads();
#pragma unroll
        for (int j = 0; j < ITEMS; j++)
            q[j] = nearest(code, v[j]);
        store_blocked(threadIdx.x, &out[i], q, valid);
    }
}

int main()
{
    int n = 1 << 20;
    float *in;
    unsigned char *out;
    cudaMalloc(&in, n * sizeof(float));
    cudaMalloc(&out, n);
    blocked_store<<<(n + TILE - 1) / TILE, TILE>>>(in, out, n);
    return 0;
}
