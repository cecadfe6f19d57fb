// expect-verdict: race-free
// Launch relations through a full configuration: `<<<grid, block, smem>>>`
// and `<<<grid, block, smem, stream>>>` give the block relation as a
// two-element configuration does. Each system of `n` values is solved by a
// block of `n` threads whose dynamic shared memory holds two arrays of
// `n + 1` values: `b` starts at `n + 1`, so `a[t]` and `b[t]` are different
// for every t < blockDim.x = n.

__global__ void sys_split(const float *in, float *out, int n) {
    extern __shared__ float shared[];
    int t = threadIdx.x;
    float *a = shared;
    float *b = &a[n + 1];
    a[t] = in[blockIdx.x * n + t];
    b[t] = in[blockIdx.x * n + t] * 2.f;
    __syncthreads();
    out[blockIdx.x * n + t] = a[t] + b[t];
}

__global__ void sys_split_stream(const float *in, float *out, int n) {
    extern __shared__ float shared[];
    int t = threadIdx.x;
    float *a = shared;
    float *b = &a[n + 1];
    a[t] = in[blockIdx.x * n + t];
    b[t] = in[blockIdx.x * n + t] * 2.f;
    __syncthreads();
    out[blockIdx.x * n + t] = a[t] + b[t];
}

void solve(const float *in, float *out, int system_size, int num_systems, cudaStream_t s) {
    size_t local_size;
    size_t global_size;
    local_size = system_size;
    global_size = num_systems;
    dim3 lws(local_size);
    dim3 gws(global_size);
    sys_split<<<gws, lws, (system_size + 1) * 2 * sizeof(float)>>>(in, out, system_size);
    sys_split_stream<<<num_systems, system_size, (system_size + 1) * 8, s>>>(in, out, system_size);
}
