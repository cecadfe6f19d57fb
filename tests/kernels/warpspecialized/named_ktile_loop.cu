// expect-verdict(ktile): race-free
// expect-verdict(ktile_no_prearrive): divergent
//--blockDim=128 --gridDim=1
// A k-tile loop with warp specialization: warps 0-1 load a tile, warps 2-3
// consume it. The producers wait at barrier 2 ("tile empty") before each
// store; the consumers signal it once before the loop (the tile starts empty)
// and after each read, so the producers' sync in iteration k waits for
// generation k, which the consumers' arrival after their read of iteration
// k - 1 completes; after the loop they wait once more, for the consumers'
// last arrival (every generation completes). Barrier 1 ("tile full") orders
// the store of iteration k before the read of iteration k. Without the
// consumers' first arrival, each role waits for the other: the producers'
// nine syncs meet only eight arrivals of the consumers (a count mismatch at
// the last one), and the barriers order nothing.

__global__ void ktile(const float *in, float *out, int tiles) {
    __shared__ float tile[64];
    int warp = threadIdx.x / 32;
    float acc = 0.0f;
    if (warp >= 2) {
        asm volatile("bar.arrive 2, 128;" ::: "memory");
    }
    for (int k = 0; k < 8; k++) {
        if (warp < 2) {
            asm volatile("bar.sync 2, 128;" ::: "memory");
            tile[threadIdx.x] = in[k * 64 + threadIdx.x];
            asm volatile("bar.arrive 1, 128;" ::: "memory");
        } else {
            asm volatile("bar.sync 1, 128;" ::: "memory");
            acc += tile[127 - threadIdx.x];
            asm volatile("bar.arrive 2, 128;" ::: "memory");
        }
    }
    if (warp < 2) {
        asm volatile("bar.sync 2, 128;" ::: "memory");
        tile[threadIdx.x] = 0.0f;
    } else {
        out[threadIdx.x - 64] = acc;
    }
}

__global__ void ktile_no_prearrive(const float *in, float *out, int tiles) {
    __shared__ float tile[64];
    int warp = threadIdx.x / 32;
    float acc = 0.0f;
    for (int k = 0; k < 8; k++) {
        if (warp < 2) {
            asm volatile("bar.sync 2, 128;" ::: "memory");
            tile[threadIdx.x] = in[k * 64 + threadIdx.x]; //~ race write-read
            asm volatile("bar.arrive 1, 128;" ::: "memory");
        } else {
            asm volatile("bar.sync 1, 128;" ::: "memory");
            acc += tile[127 - threadIdx.x]; //~ race read-write
            asm volatile("bar.arrive 2, 128;" ::: "memory");
        }
    }
    if (warp < 2) {
        asm volatile("bar.sync 2, 128;" ::: "memory"); //~ barrier-deadlock
    } else {
        out[threadIdx.x - 64] = acc;
    }
}
