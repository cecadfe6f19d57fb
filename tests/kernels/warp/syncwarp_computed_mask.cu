// expect-verdict(mask_of_block_dim): race-free
// expect-verdict(mask_of_block_dim_short): racy
// expect-verdict(mask_of_block_dim_missing_sync): racy
// expect-verdict(mask_of_block_dim_extra_lane): divergent
// expect-verdict(mask_parameter): race-free
// expect-verdict(mask_parameter_missing_sync): racy
// expect-verdict(mask_reassigned): racy
//--blockDim=256 --gridDim=4
// `__syncwarp(mask)` with a mask computed from launch sizes or parameters
// only: the same value in every thread of the block, so (PTX
// `bar.warp.sync`) it orders two threads of one warp whose lanes are both in
// it. Every lane it names must reach it, and only those.

// One lane per warp of the block sums that warp's partial results.
__global__ void mask_of_block_dim(const float *in, float *out) {
    __shared__ float s[1024];
    unsigned tid = threadIdx.x;
    s[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    unsigned warps = blockDim.x / 32;
    unsigned mask = (unsigned)((1ull << warps) - 1);
    if (tid < warps) {
        float acc = 0.0f;
        for (int i = 0; i < 32; ++i) acc += s[tid * 32 + i];
        __syncwarp(mask);
        s[tid] = acc;
    }
    __syncthreads();
    if (tid == 0) out[blockIdx.x] = s[0];
}

// The mask leaves out the last summing lane, which then writes its result
// while lane 0 may still read that element.
__global__ void mask_of_block_dim_short(const float *in, float *out) {
    __shared__ float s[1024];
    unsigned tid = threadIdx.x;
    s[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    unsigned warps = blockDim.x / 32;
    unsigned mask = (unsigned)((1ull << (warps - 1)) - 1);
    if (tid < warps - 1) {
        float acc = 0.0f;
        for (int i = 0; i < 32; ++i) acc += s[tid * 32 + i]; //~ race read-write
        __syncwarp(mask);
        s[tid] = acc;
    } else if (tid == warps - 1) {
        s[tid] = 0.0f; //~ race write-read
    }
    __syncthreads();
    if (tid == 0) out[blockIdx.x] = s[0];
}

__global__ void mask_of_block_dim_missing_sync(const float *in, float *out) {
    __shared__ float s[1024];
    unsigned tid = threadIdx.x;
    s[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    unsigned warps = blockDim.x / 32;
    if (tid < warps) {
        float acc = 0.0f;
        for (int i = 0; i < 32; ++i) acc += s[tid * 32 + i]; //~ race read-write
        s[tid] = acc; //~ race write-read
    }
    __syncthreads();
    if (tid == 0) out[blockIdx.x] = s[0];
}

// Lane `warps` calls with a mask that does not name it.
__global__ void mask_of_block_dim_extra_lane(const float *in, float *out) {
    __shared__ float s[1024];
    unsigned tid = threadIdx.x;
    s[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    unsigned warps = blockDim.x / 32;
    unsigned mask = (unsigned)((1ull << warps) - 1);
    if (tid <= warps) {
        float acc = 0.0f;
        for (int i = 0; i < 32; ++i) acc += s[(tid % warps) * 32 + i]; //~ race read-write
        __syncwarp(mask); //~ divergence
        s[tid] = acc; //~ race write-read
    }
    __syncthreads();
    if (tid == 0) out[blockIdx.x] = s[0];
}

// The lanes named by a parameter exchange values: each writes its element,
// then reads its neighbour's (written, if at all, by a lane of the mask).
__global__ void mask_parameter(int *out, unsigned m) {
    __shared__ int s[256];
    unsigned tid = threadIdx.x;
    unsigned lane = tid % 32;
    int v = 0;
    if (m >> lane & 1) {
        s[tid] = (int)tid;
        __syncwarp(m);
        v = s[tid - lane + (lane + 1) % 32];
    }
    out[blockIdx.x * 256 + tid] = v;
}

__global__ void mask_parameter_missing_sync(int *out, unsigned m) {
    __shared__ int s[256];
    unsigned tid = threadIdx.x;
    unsigned lane = tid % 32;
    int v = 0;
    if (m >> lane & 1) {
        s[tid] = (int)tid; //~ race write-read
        v = s[tid - lane + (lane + 1) % 32]; //~ race read-write
    }
    out[blockIdx.x * 256 + tid] = v;
}

// A mask local assigned twice (the second time in a branch) is not taken
// as known, though both values are the full mask: the barrier orders nothing.
__global__ void mask_reassigned(int *out, int flag) {
    __shared__ int s[256];
    unsigned tid = threadIdx.x;
    unsigned lane = tid % 32;
    unsigned mask = 0xffffffffu;
    if (flag) mask = 0xffffffffu;
    s[tid] = (int)tid; //~ race write-read
    __syncwarp(mask);
    int v = s[tid - lane + (lane + 1) % 32]; //~ race read-write
    out[blockIdx.x * 256 + tid] = v;
}
