// expect-verdict: race-free
// `floorf(N / 256.f) + 1` and `ceil(...)` in a host launch are integer floors
// and ceilings of exact quotients, so the grid is known: 4 blocks of 256
// threads and a 63 x 32 grid. With the grid known, a linear id built from
// `gridDim.x` is different for every thread.

#define N (1000)
#define M (500)
#define LINEAR_ID (((gridDim.x) * (blockIdx.y) + (blockIdx.x)) * (blockDim.x) + (threadIdx.x))

__global__ void add_one(float *a) {
    if (LINEAR_ID < N)
        a[LINEAR_ID] = a[LINEAR_ID] + 1.f;
}

__global__ void scale(float *a, const float *b) {
    if (LINEAR_ID < (M - 2) * N)
        a[LINEAR_ID] = a[LINEAR_ID] * b[LINEAR_ID];
}

void run(float *a, const float *b) {
    add_one<<<floorf(N / 256.f) + 1, 256>>>(a);
    dim3 grid(ceil(N / 16.0), floorf((M - 2) / 16.f) + 1), block(256);
    scale<<<grid, block>>>(a, b);
}
