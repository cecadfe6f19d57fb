// expect-verdict: race-free
// Accesses are at non-negative offsets from the start of their array (the
// default offsets-from-base assumption): indexing before the start of an
// array object is undefined behaviour, and a pointer parameter starts at
// an allocation's start when every launch in view passes it a name that
// only an allocation call sets (`cudaMalloc(&d, ..)`). Thread 0's a[n] and thread 1's a[2n + 1] meet only at n = -1,
// i.e. at a[-1] (offsets_from_base_racy.cu meets at n = 1;
// offsets_from_base_dropped/ checks these kernels without the assumption,
// offsets_from_base_moved_racy.cu with launches passing `d + 8`).

__global__ void before_start(int *a, int n) {
    if (threadIdx.x == 0)
        a[n] = 0;
    else if (threadIdx.x == 1)
        a[2 * n + 1] = 1;
}

__global__ void before_start_shared(int *out, int n) {
    __shared__ int s[64];
    if (threadIdx.x == 0)
        s[n] = 0;
    else if (threadIdx.x == 1)
        s[2 * n + 1] = 1;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}

int main(int argc, char **argv) {
    int n = argc - 2;
    int *d = nullptr;
    cudaMalloc((void **)&d, 256 * sizeof(int));
    before_start<<<1, 64>>>(d, n);
    before_start_shared<<<1, 64>>>(d, n);
    cudaFree(d);
    return 0;
}
