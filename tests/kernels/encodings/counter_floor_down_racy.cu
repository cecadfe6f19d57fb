// expect-verdict: racy
//--blockDim=128 --gridDim=1
// The racy twin of counter_floor.cu counting down: the counter starts at
// the (non-negative) thread index but decreases past zero, where `i / 32`
// truncates toward zero (-31 / 32 == 0, while the floor would be -1).
// A counter counting down gets no floor.

__global__ void floor_div_down(int *buf) {
    for (int i = threadIdx.x; i > -64; i -= 32) {
        if (i < 0 && i / 32 == 0)
            buf[0] = i; //~ race write-write
    }
}
