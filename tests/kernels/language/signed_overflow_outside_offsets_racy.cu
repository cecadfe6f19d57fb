// expect-verdict: racy
//--blockDim=64 --gridDim=1
// An int hash that overflows for every thread >= 2 (the hardware wraps):
// "no signed overflow" is assumed in offsets only, so the threads that
// compute it still race on out[1]. (Reported by the session-6 soundness
// review.)

__global__ void lcg(int *out) {
    int s = (int)threadIdx.x * 1103515245 + 12345;
    if (threadIdx.x >= 2)
        out[threadIdx.x / 8] = s; //~ race write-write
}
