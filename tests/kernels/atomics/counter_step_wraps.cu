// expect-verdict: racy
//--blockDim=128 --gridDim=1
// A step of 2^31 brings a 32-bit counter back to its old value every second
// update: the 1st and 3rd threads to add get the same slot (counter_slot.cu
// is the race-free twin, a step of 1).

__global__ void half_range_steps(const int *in, int *out, unsigned *count) {
    int v = in[threadIdx.x];
    unsigned slot = atomicAdd(count, 0x80000000u);
    out[slot] = v; //~ race write-write
}
