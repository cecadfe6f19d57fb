// expect-verdict: racy
// As block_param_extent.cu, but no launch makes the parameter the block
// extent on every path, or the mask reaches past it:
// - the block is twice the system size (`szLocal = 2 * n`): the threads past
//   n write `a[t]` over `b` (the overlap of two blocks' rows of `out` is
//   left undecided once that race settles the verdict);
// - a second assignment in a branch (`if (wide) szLocal = 2 * n;`): the first
//   is not the definition on every path;
// - the assignment is changed at the end of the loop around the launch (the
//   second iteration launches 2n threads); in these, n may be anything, and
//   two blocks' rows of `out` overlap too;
// - its address is taken and the value written through the pointer;
// - the two arms of an if/else launch with different blocks;
// - the mask is `n` rather than `n - 1`: `(t + s) & n` is n for some thread,
//   which reads `sh[n]` while thread 0 writes `w[0]`, the same element.
__global__ void splitrows_doubled(const float *in, float *out, const int n) {
    extern __shared__ float a[];
    float *b = &a[n];
    int t = threadIdx.x;
    a[t] = in[blockIdx.x * n + t]; //~ race write-write
    b[t] = 0.f; //~ race write-write
    __syncthreads();
    out[blockIdx.x * n + t] = a[t] + b[t];
}

__global__ void splitrows_branch_assigned(const float *in, float *out, const int n) {
    extern __shared__ float a[];
    float *b = &a[n];
    int t = threadIdx.x;
    a[t] = in[blockIdx.x * n + t]; //~ race write-write
    b[t] = 0.f; //~ race write-write
    __syncthreads();
    out[blockIdx.x * n + t] = a[t] + b[t]; //~ race write-write
}

__global__ void splitrows_loop_carried(const float *in, float *out, const int n) {
    extern __shared__ float a[];
    float *b = &a[n];
    int t = threadIdx.x;
    a[t] = in[blockIdx.x * n + t]; //~ race write-write
    b[t] = 0.f; //~ race write-write
    __syncthreads();
    out[blockIdx.x * n + t] = a[t] + b[t]; //~ race write-write
}

__global__ void splitrows_address_taken(const float *in, float *out, const int n) {
    extern __shared__ float a[];
    float *b = &a[n];
    int t = threadIdx.x;
    a[t] = in[blockIdx.x * n + t]; //~ race write-write
    b[t] = 0.f; //~ race write-write
    __syncthreads();
    out[blockIdx.x * n + t] = a[t] + b[t]; //~ race write-write
}

__global__ void splitrows_arms_disagree(const float *in, float *out, const int n) {
    extern __shared__ float a[];
    float *b = &a[n];
    int t = threadIdx.x;
    a[t] = in[blockIdx.x * n + t]; //~ race write-write
    b[t] = 0.f; //~ race write-write
    __syncthreads();
    out[blockIdx.x * n + t] = a[t] + b[t]; //~ race write-write
}

__global__ void halvings_wide_mask(float *data, const int n) {
    extern __shared__ float sh[];
    float *w = &sh[n];
    int t = threadIdx.x;
    sh[t] = data[blockIdx.x * n + t];
    __syncthreads();
    for (int s = n / 2; s > 0; s >>= 1) {
        w[t] = sh[(t + s) & n] + sh[t]; //~ race read-write
        __syncthreads();
        sh[t] = w[t];
        __syncthreads();
    }
    data[blockIdx.x * n + t] = sh[t];
}

void run_doubled(const float *in, float *out, int n, int systems) {
    size_t szLocal;
    szLocal = 2 * n;
    dim3 lws(szLocal);
    splitrows_doubled<<<systems, lws, 4 * n * sizeof(float)>>>(in, out, n);
}

void run_branch_assigned(const float *in, float *out, int n, int systems, bool wide) {
    size_t szLocal;
    szLocal = n;
    if (wide)
        szLocal = 2 * n;
    dim3 lws(szLocal);
    splitrows_branch_assigned<<<systems, lws, 4 * n * sizeof(float)>>>(in, out, n);
}

void run_loop_carried(const float *in, float *out, int n, int systems) {
    size_t szLocal;
    szLocal = n;
    for (int i = 0; i < 10; i++) {
        dim3 lws(szLocal);
        splitrows_loop_carried<<<systems, lws, 4 * n * sizeof(float)>>>(in, out, n);
        szLocal = 2 * n;
    }
}

void run_address_taken(const float *in, float *out, int n, int systems) {
    size_t szLocal;
    size_t *size = &szLocal;
    szLocal = n;
    *size = 2 * n;
    dim3 lws(szLocal);
    splitrows_address_taken<<<systems, lws, 4 * n * sizeof(float)>>>(in, out, n);
}

void run_arms_disagree(const float *in, float *out, int n, int systems, int id) {
    size_t szLocal;
    size_t szWide;
    szLocal = n;
    szWide = 2 * n;
    dim3 lws(szLocal);
    dim3 wide(szWide);
    if (id == 0)
        splitrows_arms_disagree<<<systems, lws, 4 * n * sizeof(float)>>>(in, out, n);
    else
        splitrows_arms_disagree<<<systems, wide, 4 * n * sizeof(float)>>>(in, out, n);
}

void run_wide_mask(float *data, int n, int systems) {
    size_t szLocal;
    szLocal = n;
    dim3 lws(szLocal);
    halvings_wide_mask<<<systems, lws, 2 * n * sizeof(float)>>>(data, n);
}
