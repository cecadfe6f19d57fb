// expect-verdict(relay): race-free
// expect-verdict(relay_too_early): racy
//--blockDim=96 --gridDim=1
// Ordering through a third role: warp 0 writes a tile and signals warp 1 on
// barrier 1; warp 1 waits for it and only then signals warp 2 on barrier 2;
// warp 2 reads the tile. Warps 0 and 2 share no barrier, but the write
// happens before the read through warp 1 (WEFT's transitive happens-before).
// In the buggy twin warp 1 signals barrier 2 before waiting at barrier 1.

__global__ void relay(const float *in, float *out) {
    __shared__ float tile[32];
    int lane = threadIdx.x % 32;
    int warp = threadIdx.x / 32;
    if (warp == 0) {
        tile[lane] = in[lane];
        asm volatile("bar.arrive 1, 64;" ::: "memory");
    } else if (warp == 1) {
        asm volatile("bar.sync 1, 64;" ::: "memory");
        asm volatile("bar.arrive 2, 64;" ::: "memory");
    } else {
        asm volatile("bar.sync 2, 64;" ::: "memory");
        out[lane] = tile[31 - lane];
    }
}

__global__ void relay_too_early(const float *in, float *out) {
    __shared__ float tile[32];
    int lane = threadIdx.x % 32;
    int warp = threadIdx.x / 32;
    if (warp == 0) {
        tile[lane] = in[lane]; //~ race write-read
        asm volatile("bar.arrive 1, 64;" ::: "memory");
    } else if (warp == 1) {
        asm volatile("bar.arrive 2, 64;" ::: "memory");
        asm volatile("bar.sync 1, 64;" ::: "memory");
    } else {
        asm volatile("bar.sync 2, 64;" ::: "memory");
        out[lane] = tile[31 - lane]; //~ race read-write
    }
}
