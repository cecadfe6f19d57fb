// expect-verdict(third_role_lets_it_through): divergent
// expect-verdict(second_stage_own_id): race-free
//--blockDim=96 --gridDim=1
// Recycling that no "run one role first" schedule shows: warp 0 signals
// stage 0 on barrier 1, waits at barrier 2 for warp 2, and signals stage 1
// on barrier 1 again. If warp 2 arrives at barrier 2 before warp 1 reaches
// barrier 1, warp 0's second arrival is counted in the first generation, and
// warp 1 passes both syncs with stage 1 not written. The check follows the
// happens-before order of every schedule (WEFT). With its own id for stage 1
// every schedule is safe.

__global__ void third_role_lets_it_through(const float *in, float *out) {
    __shared__ float stage[2][32];
    int lane = threadIdx.x % 32;
    int warp = threadIdx.x / 32;
    if (warp == 0) {
        stage[0][lane] = in[lane]; //~ race write-read
        asm volatile("bar.arrive 1, 64;" ::: "memory");
        asm volatile("bar.sync 2, 64;" ::: "memory");
        stage[1][lane] = in[32 + lane]; //~ race write-read
        asm volatile("bar.arrive 1, 64;" ::: "memory"); //~ barrier-recycling
    } else if (warp == 1) {
        asm volatile("bar.sync 1, 64;" ::: "memory");
        float a = stage[0][31 - lane]; //~ race read-write
        asm volatile("bar.sync 1, 64;" ::: "memory");
        out[lane] = a + stage[1][31 - lane]; //~ race read-write
    } else {
        asm volatile("bar.arrive 2, 64;" ::: "memory");
    }
}

__global__ void second_stage_own_id(const float *in, float *out) {
    __shared__ float stage[2][32];
    int lane = threadIdx.x % 32;
    int warp = threadIdx.x / 32;
    if (warp == 0) {
        stage[0][lane] = in[lane];
        asm volatile("bar.arrive 1, 64;" ::: "memory");
        asm volatile("bar.sync 2, 64;" ::: "memory");
        stage[1][lane] = in[32 + lane];
        asm volatile("bar.arrive 3, 64;" ::: "memory");
    } else if (warp == 1) {
        asm volatile("bar.sync 1, 64;" ::: "memory");
        float a = stage[0][31 - lane];
        asm volatile("bar.sync 3, 64;" ::: "memory");
        out[lane] = a + stage[1][31 - lane];
    } else {
        asm volatile("bar.arrive 2, 64;" ::: "memory");
    }
}
