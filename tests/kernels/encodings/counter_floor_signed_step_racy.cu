// expect-verdict: racy
//--blockDim=128 --gridDim=1
// The racy twin of counter_floor.cu with a step of unknown sign: a
// negative `step` takes the counter below zero, where `i % 32` is negative
// (C's remainder takes the dividend's sign). A step of possibly negative
// range gives no floor.

__global__ void floor_rem_signed_step(int n, int step, int *buf) {
    for (int i = threadIdx.x; i < n; i += step) {
        if (i % 32 < 0)
            buf[0] = i; //~ race write-write
    }
}
