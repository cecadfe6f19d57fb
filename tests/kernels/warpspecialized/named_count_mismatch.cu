// expect-verdict: divergent
//--blockDim=128 --gridDim=1
// The barrier's count is computed from one role only (64 threads), but the
// producers' arrivals count too: 128 threads meet a barrier that expects 64, so
// any 64 of them complete a generation (perhaps the producers alone) and the
// consumers are not ordered after the producers' stores.

__global__ void count_mismatch(const float *in, float *out) {
    __shared__ float tile[64];
    int warp = threadIdx.x / 32;
    if (warp < 2) {
        tile[threadIdx.x] = in[threadIdx.x]; //~ race write-read
        asm volatile("bar.arrive 1, 64;" ::: "memory"); //~ barrier-deadlock
    } else {
        asm volatile("bar.sync 1, 64;" ::: "memory");
        out[threadIdx.x] = tile[threadIdx.x - 64];
    }
}
