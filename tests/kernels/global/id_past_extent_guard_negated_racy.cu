// expect-verdict: racy
// As id_past_extent_guard.cu, but the negated test is
// `!(threadIdx.x < blockDim.x - 1)`: the block's last thread passes it and
// resets `counts[1]` while other threads add to it.
#define THREADS 64

__global__ void tally_negated(int *out, int n) {
    __shared__ int counts[32];
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(counts + (i & 31), 1);
    if (!(threadIdx.x < blockDim.x - 1))
        counts[1] = 0; //~ race
}

int main() {
    int *out = 0;
    tally_negated<<<16, THREADS>>>(out, 1 << 20);
    return 0;
}
