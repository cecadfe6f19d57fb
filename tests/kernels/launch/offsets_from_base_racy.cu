// expect-verdict: racy
// Twins of offsets_from_base.cu whose accesses meet at a non-negative
// offset: thread 0's a[n] and thread 1's a[2n - 1] meet at n = 1 (a[1]).

__global__ void at_start(int *a, int n) {
    if (threadIdx.x == 0)
        a[n] = 0; //~ race write-write
    else if (threadIdx.x == 1)
        a[2 * n - 1] = 1;
}

__global__ void at_start_shared(int *out, int n) {
    __shared__ int s[64];
    if (threadIdx.x == 0)
        s[n] = 0; //~ race write-write
    else if (threadIdx.x == 1)
        s[2 * n - 1] = 1;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}

void run(int *d, int n) {
    at_start<<<1, 64>>>(d, n);
    at_start_shared<<<1, 64>>>(d, n);
}
