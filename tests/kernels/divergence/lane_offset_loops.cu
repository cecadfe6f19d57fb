// expect-verdict(lane_offset_rounds): race-free
// expect-verdict(lane_offset_step_by_lane): divergent
// expect-verdict(lane_offset_step_under_branch): divergent
// expect-verdict(lane_offset_other_base): divergent
// expect-verdict(lane_offset_base_moves): divergent
// expect-verdict(block_stride_rounds): race-free
// expect-verdict(block_stride_from_tid_plus_one): divergent
// expect-verdict(block_stride_step_32): divergent
// expect-verdict(block_stride_reloaded): divergent
//--blockDim=128 --gridDim=4
// Loops whose counter starts at a per-thread value and moves by a uniform
// step, tested through a form that cancels the start: `i - lane` (the
// offset from the start is the same in every lane) and `p / blockDim.x`
// with `p = threadIdx.x + k * blockDim.x` (exactly `k`). Their trip count
// is the same in every thread, so a warp exchange or a barrier inside is
// reached by all. The twins break one premise each.

__global__ void lane_offset_rounds(const float *in, float *out, int n) {
    int lane = threadIdx.x & 31;
    float acc = 0.0f;
    int rounded = (n + 31) / 32 * 32;
    for (int i = lane; i - lane < rounded; i += 32) {
        float v = i < n ? in[blockIdx.x * n + i] : 0.0f;
        acc += __shfl_down_sync(0xffffffff, v, 1);
    }
    out[blockIdx.x * 128 + threadIdx.x] = acc;
}

__global__ void lane_offset_step_by_lane(const float *in, float *out, int n) {
    int lane = threadIdx.x & 31;
    float acc = 0.0f;
    for (int i = lane; i - lane < n; i += 32 + lane) {
        acc += __shfl_down_sync(0xffffffff, in[blockIdx.x * n + i], 1); //~ divergence
    }
    out[blockIdx.x * 128 + threadIdx.x] = acc;
}

__global__ void lane_offset_step_under_branch(const float *in, float *out, int n) {
    int lane = threadIdx.x & 31;
    float acc = 0.0f;
    for (int i = lane; i - lane < n;) {
        acc += __shfl_down_sync(0xffffffff, in[blockIdx.x * n + i], 1); //~ divergence
        if (lane < 16)
            i += 32;
        else
            i += 64;
    }
    out[blockIdx.x * 128 + threadIdx.x] = acc;
}

__global__ void lane_offset_other_base(const float *in, float *out, int n) {
    int lane = threadIdx.x & 31;
    int half = threadIdx.x & 15;
    float acc = 0.0f;
    for (int i = lane; i - half < n; i += 32) {
        acc += __shfl_down_sync(0xffffffff, in[blockIdx.x * n + i], 1); //~ divergence
    }
    out[blockIdx.x * 128 + threadIdx.x] = acc;
}

__global__ void lane_offset_base_moves(const float *in, float *out, int n) {
    int lane = threadIdx.x & 31;
    float acc = 0.0f;
    for (int i = lane; i - lane < n; i += 32) {
        acc += __shfl_down_sync(0xffffffff, in[blockIdx.x * n + i], 1); //~ divergence
        lane = (lane + 7) & 31;
    }
    out[blockIdx.x * 128 + threadIdx.x] = acc;
}

__global__ void block_stride_rounds(const int *in, int *out, int n) {
    __shared__ int total;
    int t = threadIdx.x;
    int width = blockDim.x;
    if (t == 0)
        total = 0;
    __syncthreads();
    int p = t;
    while (true) {
        if (p < n)
            atomicAdd(&total, in[p]);
        p += width;
        __syncthreads();
        if ((p / width) * width >= n)
            break;
    }
    if (t == 0)
        out[blockIdx.x] = total;
}

__global__ void block_stride_from_tid_plus_one(const int *in, int *out, int n) {
    __shared__ int total;
    int t = threadIdx.x;
    int width = blockDim.x;
    if (t == 0)
        total = 0;
    __syncthreads();
    int p = t + 1;
    while (true) {
        if (p < n)
            atomicAdd(&total, in[p]);
        p += width;
        __syncthreads(); //~ divergence
        if ((p / width) * width >= n)
            break;
    }
    if (t == 0)
        out[blockIdx.x] = total;
}

__global__ void block_stride_step_32(const int *in, int *out, int n) {
    __shared__ int total;
    int t = threadIdx.x;
    int width = blockDim.x;
    if (t == 0)
        total = 0;
    __syncthreads();
    int p = t;
    while (true) {
        if (p < n)
            atomicAdd(&total, in[p]);
        p += 32;
        __syncthreads(); //~ divergence
        if ((p / width) * width >= n)
            break;
    }
    if (t == 0)
        out[blockIdx.x] = total;
}

__global__ void block_stride_reloaded(const int *in, int *out, int n) {
    __shared__ int total;
    int t = threadIdx.x;
    int width = blockDim.x;
    if (t == 0)
        total = 0;
    __syncthreads();
    int p = t;
    while (true) {
        if (p < n)
            atomicAdd(&total, in[p]);
        p += width;
        __syncthreads(); //~ divergence
        if ((p / width) * width >= n)
            break;
        p = in[p] & 1023;
    }
    if (t == 0)
        out[blockIdx.x] = total;
}
