// expect-verdict: racy
// Pointers into an allocation that reach the launch through a call (review
// finding on s11-sizes): a wrapper's parameter, a helper returning `b + by`,
// `std::next`. `a` then points 32 ints into the allocation, a[-32] is d[0],
// and threads 0 and 32 both store to it: the offsets-from-base assumption
// holds only for names set by an allocation call.

__global__ void through_wrapper(int *a) {
    a[(int)(threadIdx.x % 32) - 32] = threadIdx.x; //~ race write-write
}

__global__ void through_helper(int *a) {
    a[(int)(threadIdx.x % 32) - 32] = threadIdx.x; //~ race write-write
}

__global__ void through_next(int *a) {
    a[(int)(threadIdx.x % 32) - 32] = threadIdx.x; //~ race write-write
}

static void launch(int *p) { through_wrapper<<<1, 64>>>(p); }

static int *shifted(int *b, int by) { return b + by; }

int main() {
    int *d;
    cudaMalloc(&d, 128 * sizeof(int));
    launch(d + 32);
    int *p = shifted(d, 32);
    through_helper<<<1, 64>>>(p);
    through_next<<<1, 64>>>(std::next(d, 32));
    return 0;
}
