// expect-verdict: race-free
//--blockDim=[256] --gridDim=[64]
// Tree reductions with the stride in the guard: `if (t < s) a[t] += a[t +
// s]` between barriers, the stride halved by `>>=`, `/=` or `i = i / 2`, on
// one array and on the fields of a vector element.

__global__ void halving_shift(float *out, const float *in) {
    __shared__ float sd[256];
    int tid = threadIdx.x;
    sd[tid] = in[blockIdx.x * blockDim.x + tid];
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        __syncthreads();
        if (tid < s) sd[tid] += sd[tid + s];
    }
    if (tid == 0) out[blockIdx.x] = sd[0];
}

__global__ void halving_fields(float2 *out, const float2 *in) {
    __shared__ float2 v[256];
    int lid = threadIdx.x;
    v[lid] = in[blockIdx.x * 256 + lid];
    __syncthreads();
    for (int i = 128; i >= 1; i = i / 2) {
        if (lid < i) {
            v[lid].x += v[lid + i].x;
            v[lid].y += v[lid + i].y;
        }
        __syncthreads();
    }
    if (lid == 0) out[blockIdx.x] = v[0];
}

__global__ void minimum(float *out, const float *in) {
    __shared__ float shared[512];
    const int tid = threadIdx.x;
    shared[tid] = in[tid];
    shared[tid + blockDim.x] = in[tid + blockDim.x];
    for (int d = blockDim.x; d > 0; d /= 2) {
        __syncthreads();
        if (tid < d) {
            float f0 = shared[tid];
            float f1 = shared[tid + d];
            if (f1 < f0) shared[tid] = f1;
        }
    }
    if (tid == 0) out[blockIdx.x] = shared[0];
}
