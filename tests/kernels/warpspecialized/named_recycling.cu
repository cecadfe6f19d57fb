// expect-verdict: divergent
//--blockDim=64 --gridDim=1
// WEFT's recycling example as CUDA: the producer warp signals two stages on
// the same named barrier without waiting in between. Its second arrival can be
// counted in the first generation (before the consumer warp arrived), so the
// consumer may pass both syncs after the first stage only.

__global__ void recycled_id(const float *in, float *out) {
    __shared__ float stage[2][32];
    int lane = threadIdx.x % 32;
    if (threadIdx.x < 32) {
        stage[0][lane] = in[lane];
        asm volatile("bar.arrive 1, 64;" ::: "memory");
        stage[1][lane] = in[32 + lane];
        asm volatile("bar.arrive 1, 64;" ::: "memory"); //~ barrier-recycling
    } else {
        asm volatile("bar.sync 1, 64;" ::: "memory");
        float a = stage[0][31 - lane]; //~ race read-write
        asm volatile("bar.sync 1, 64;" ::: "memory");
        out[lane] = a + stage[1][31 - lane]; //~ race read-write
    }
}
