// expect-verdict: racy
// The kernels of ../offsets_from_base.cu with the offsets-from-base
// assumption dropped (syncwright.toml here): threads 0 and 1 both write
// a[-1] (s[-1]) with n = -1.

__global__ void before_start(int *a, int n) {
    if (threadIdx.x == 0)
        a[n] = 0; //~ race write-write
    else if (threadIdx.x == 1)
        a[2 * n + 1] = 1;
}

__global__ void before_start_shared(int *out, int n) {
    __shared__ int s[64];
    if (threadIdx.x == 0)
        s[n] = 0; //~ race write-write
    else if (threadIdx.x == 1)
        s[2 * n + 1] = 1;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}

void run(int *d, int n) {
    before_start<<<1, 64>>>(d, n);
    before_start_shared<<<1, 64>>>(d, n);
}
