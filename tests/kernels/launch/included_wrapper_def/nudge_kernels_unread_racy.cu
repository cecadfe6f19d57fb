// expect-verdict: racy
// Racy twin of nudge_kernels.cu: nudge_host_unread.cpp calls the wrapper with
// two allocations, but nudge_calls.h (included by nudge_other.cpp, another
// program of the folder, not by this one) calls it with one buffer twice.
// The checker does not follow that header's callers, so the wrapper's
// pointer parameters may be any pointers: one array, read one element ahead
// of another thread's write. The launch's sizes do not depend on the
// wrapper's parameters: the other units are asked about it all the same.

__global__ void nudge_left_unread(const float *src, float *dst) {
    unsigned int t = threadIdx.x;
    if (t + 1 < 256) {
        dst[t] = src[t + 1]; //~ race write-read
    }
}

void run_nudge_unread(float *x, float *y) { nudge_left_unread<<<1, 256>>>(x, y); }
