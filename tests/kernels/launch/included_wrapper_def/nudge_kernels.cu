// expect-verdict: race-free
// A kernel file that nudge_host.cpp includes and whose wrapper only that
// includer calls, with two allocations. The kernel file defines the wrapper
// and calls it nowhere (a program compiling it on its own gets no call from
// it), so the includer's call is every call: `src` and `dst` stay apart.

__global__ void nudge_left_def(const float *src, float *dst) {
    unsigned int t = threadIdx.x;
    if (t + 1 < 256) {
        dst[t] = src[t + 1];
    }
}

void run_nudge_def(float *x, float *y) { nudge_left_def<<<1, 256>>>(x, y); }
