// expect-verdict: racy
//--blockDim=128 --gridDim=1
// The racy twin of counter_floor.cu: the counter starts below zero
// (`threadIdx.x - 32`), so in its first iteration `i % 32` (C truncates
// toward zero) is negative for threads 1..31, which all write buf[0].
// A counter of possibly negative start gets no floor.

__global__ void floor_rem_negative_start(int n, int *buf) {
    for (int i = (int)threadIdx.x - 32; i < n; i += blockDim.x) {
        if (i % 32 < 0)
            buf[0] = i; //~ race write-write
    }
}
