// expect-verdict(weft_listing2): race-free
// expect-verdict(weft_listing2_read_before_sync): racy
// expect-verdict(weft_listing2_second_arrival_early): racy
//--blockDim=64 --gridDim=1
// WEFT's working example (PLDI'15, Listing 2) as a kernel: warp 0 writes g
// and signals warp 1 on barrier 1 (generation 1); both meet at bar.sync 0;
// then warp 1 writes g and signals warp 0 on barrier 1 (generation 2),
// which warp 0 waits for before reading. Every pair of accesses to g is
// ordered (warp 1's read before its write by program order, warp 0's write
// before warp 1's write through barrier 0). Twins: warp 0 reads before its
// second sync on barrier 1; warp 1 signals its second arrival before its
// write.

__global__ void weft_listing2(const float *w, const float *z, float *out) {
    __shared__ float g[32];
    int warp_id = threadIdx.x / 32;
    int lane_id = threadIdx.x % 32;
    float x = 0.0f, y = 0.0f;
    asm volatile("bar.sync 0, 64;" ::: "memory");
    if (warp_id == 0) {
        g[lane_id] = w[lane_id];
        asm volatile("bar.arrive 1, 64;" ::: "memory");
    } else {
        asm volatile("bar.sync 1, 64;" ::: "memory");
        x = g[lane_id];
    }
    asm volatile("bar.sync 0, 64;" ::: "memory");
    if (warp_id == 0) {
        asm volatile("bar.sync 1, 64;" ::: "memory");
        y = g[lane_id];
    } else {
        g[lane_id] = z[lane_id];
        asm volatile("bar.arrive 1, 64;" ::: "memory");
    }
    out[threadIdx.x] = x + y;
}

__global__ void weft_listing2_read_before_sync(const float *w, const float *z, float *out) {
    __shared__ float g[32];
    int warp_id = threadIdx.x / 32;
    int lane_id = threadIdx.x % 32;
    float x = 0.0f, y = 0.0f;
    asm volatile("bar.sync 0, 64;" ::: "memory");
    if (warp_id == 0) {
        g[lane_id] = w[lane_id];
        asm volatile("bar.arrive 1, 64;" ::: "memory");
    } else {
        asm volatile("bar.sync 1, 64;" ::: "memory");
        x = g[lane_id];
    }
    asm volatile("bar.sync 0, 64;" ::: "memory");
    if (warp_id == 0) {
        y = g[lane_id]; //~ race read-write
        asm volatile("bar.sync 1, 64;" ::: "memory");
    } else {
        g[lane_id] = z[lane_id]; //~ race write-read
        asm volatile("bar.arrive 1, 64;" ::: "memory");
    }
    out[threadIdx.x] = x + y;
}

__global__ void weft_listing2_second_arrival_early(const float *w, const float *z, float *out) {
    __shared__ float g[32];
    int warp_id = threadIdx.x / 32;
    int lane_id = threadIdx.x % 32;
    float x = 0.0f, y = 0.0f;
    asm volatile("bar.sync 0, 64;" ::: "memory");
    if (warp_id == 0) {
        g[lane_id] = w[lane_id];
        asm volatile("bar.arrive 1, 64;" ::: "memory");
    } else {
        asm volatile("bar.sync 1, 64;" ::: "memory");
        x = g[lane_id];
    }
    asm volatile("bar.sync 0, 64;" ::: "memory");
    if (warp_id == 0) {
        asm volatile("bar.sync 1, 64;" ::: "memory");
        y = g[lane_id]; //~ race read-write
    } else {
        asm volatile("bar.arrive 1, 64;" ::: "memory");
        g[lane_id] = z[lane_id]; //~ race write-read
    }
    out[threadIdx.x] = x + y;
}
