// expect-verdict(handback): race-free
// expect-verdict(skip_handback): racy
// expect-verdict(leave_early): racy
// expect-verdict(break_before_sync): inconclusive
//--blockDim=64 --gridDim=1
// Named barriers are modelled from concrete per-thread runs; a `continue`,
// `break` or `return` taken on data the run cannot see changes which barrier
// operations run after it, so such kernels must not be ordered by the fits.
// `skip_handback` skips the wait for the hand-back when flag[i] != 0: the
// producer's next store races with the consumer's read of the last value.
// `leave_early` leaves the loop and clears the buffer the consumer may still
// read. `break_before_sync` may leave warp 1 waiting forever at barrier 1:
// deadlock freedom cannot be established, so it is not race-free.

__global__ void handback(const float *in, const int *flag, float *out) {
    __shared__ float buf[32];
    int lane = threadIdx.x % 32;
    for (int i = 0; i < 4; i++) {
        if (threadIdx.x < 32) {
            buf[lane] = in[i * 32 + lane];
            asm volatile("bar.arrive 1, 64;" ::: "memory");
            asm volatile("bar.sync 2, 64;" ::: "memory");
        } else {
            asm volatile("bar.sync 1, 64;" ::: "memory");
            out[i * 32 + lane] = buf[31 - lane];
            asm volatile("bar.arrive 2, 64;" ::: "memory");
        }
    }
}

__global__ void skip_handback(const float *in, const int *flag, float *out) {
    __shared__ float buf[32];
    int lane = threadIdx.x % 32;
    for (int i = 0; i < 4; i++) {
        if (threadIdx.x < 32) {
            buf[lane] = in[i * 32 + lane]; //~ race write-read
            asm volatile("bar.arrive 1, 64;" ::: "memory");
            if (flag[i] != 0)
                continue;
            asm volatile("bar.sync 2, 64;" ::: "memory");
        } else {
            asm volatile("bar.sync 1, 64;" ::: "memory");
            out[i * 32 + lane] = buf[31 - lane]; //~ race read-write
            asm volatile("bar.arrive 2, 64;" ::: "memory");
        }
    }
}

__global__ void leave_early(const float *in, const int *flag, float *out) {
    __shared__ float buf[32];
    int lane = threadIdx.x % 32;
    for (int i = 0; i < 4; i++) {
        if (threadIdx.x < 32) {
            buf[lane] = in[i * 32 + lane]; //~ race write-read
            asm volatile("bar.arrive 1, 64;" ::: "memory");
            if (flag[i] != 0)
                break;
            asm volatile("bar.sync 2, 64;" ::: "memory");
        } else {
            asm volatile("bar.sync 1, 64;" ::: "memory");
            out[i * 32 + lane] = buf[31 - lane]; //~ race read-write
            asm volatile("bar.arrive 2, 64;" ::: "memory");
        }
    }
    if (threadIdx.x < 32)
        buf[lane] = 0.0f;
}

__global__ void break_before_sync(const int *flag, float *out) {
    for (int i = 0; i < 4; i++) {
        if (threadIdx.x < 32 && flag[i] != 0)
            break;
        asm volatile("bar.sync 1, 64;" ::: "memory");
    }
    out[threadIdx.x] = 1.0f;
}
