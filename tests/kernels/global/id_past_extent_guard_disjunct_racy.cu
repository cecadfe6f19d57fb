// expect-verdict: racy
// As id_past_extent_guard.cu, but the never-true test is one disjunct of
// an `||`: thread 0 of every block takes the branch through the other and
// resets `counts[0]` while other threads add to it.
#define THREADS 64

__global__ void tally_disjunct(int *out, int n) {
    __shared__ int counts[32];
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(counts + (i & 31), 1);
    if (threadIdx.x >= blockDim.x || threadIdx.x == 0)
        counts[0] = 0; //~ race
}

int main() {
    int *out = 0;
    tally_disjunct<<<16, THREADS>>>(out, 1 << 20);
    return 0;
}
