// expect-verdict(const_mask_its_lanes): race-free
// expect-verdict(const_mask_excludes_writer): racy
// expect-verdict(const_mask_missing_sync): racy
// expect-verdict(two_masks_own_half): race-free
// expect-verdict(two_masks_across_halves): racy
// expect-verdict(thread_mask_full_value): racy
//--blockDim=64 --gridDim=2
// `__syncwarp(mask)` (PTX `bar.warp.sync`): the calling lane must be in the
// mask, every non-exited lane it names must execute it, and it orders memory
// among the participating threads. So it orders two threads of one warp
// whose lanes are both in the mask, and nothing with a lane outside it.

__global__ void const_mask_its_lanes(int *out) {
    __shared__ int s[64];
    unsigned tid = threadIdx.x;
    s[tid] = (int)tid;
    __syncthreads();
    if (tid < 16) {
        int v = s[tid + 1];
        __syncwarp(0xffff);
        s[tid] = v;
    }
    __syncthreads();
    out[blockIdx.x * 64 + tid] = s[tid];
}

// Lane 15 is outside the mask: its write is not ordered with lane 14's read.
__global__ void const_mask_excludes_writer(int *out) {
    __shared__ int s[64];
    unsigned tid = threadIdx.x;
    s[tid] = (int)tid;
    __syncthreads();
    if (tid < 15) {
        int v = s[tid + 1]; //~ race read-write
        __syncwarp(0x7fff);
        s[tid] = v;
    } else if (tid < 32) {
        s[tid] = 0; //~ race write-read
    }
    __syncthreads();
    out[blockIdx.x * 64 + tid] = s[tid];
}

__global__ void const_mask_missing_sync(int *out) {
    __shared__ int s[64];
    unsigned tid = threadIdx.x;
    s[tid] = (int)tid;
    __syncthreads();
    if (tid < 16) {
        int v = s[tid + 1]; //~ race read-write
        s[tid] = v; //~ race write-read
    }
    __syncthreads();
    out[blockIdx.x * 64 + tid] = s[tid];
}

// Each half of a warp exchanges within itself under its own mask, one half
// after the other. (The same exchanges in the two branches of one `if` on
// the lane are still reported: the barrier-interval analysis does not follow
// which branch each of the two threads takes.)
__global__ void two_masks_own_half(int *out) {
    __shared__ int s[64];
    unsigned tid = threadIdx.x;
    unsigned lane = tid % 32;
    s[tid] = (int)tid;
    __syncwarp();
    if (lane < 16) {
        int v = s[tid ^ 1];
        __syncwarp(0x0000ffff);
        s[tid] = v;
    }
    if (lane >= 16) {
        int v = s[tid ^ 1];
        __syncwarp(0xffff0000);
        s[tid] = v;
    }
    __syncwarp();
    out[blockIdx.x * 64 + tid] = s[tid];
}

// Lane 0 reads lane 16's element while lane 16 may already write it: the
// barrier of the second half does not order it with lane 0.
__global__ void two_masks_across_halves(int *out) {
    __shared__ int s[64];
    unsigned tid = threadIdx.x;
    unsigned lane = tid % 32;
    s[tid] = (int)tid;
    __syncwarp();
    if (lane < 16) {
        int v = s[tid ^ 16]; //~ race read-write
        __syncwarp(0x0000ffff);
        s[tid] = v; //~ race write-read
    }
    if (lane >= 16) {
        int v = s[tid ^ 16];
        __syncwarp(0xffff0000);
        s[tid] = v;
    }
    __syncwarp();
    out[blockIdx.x * 64 + tid] = s[tid];
}

// A mask computed from threadIdx is taken to order nothing (it is not known
// to be the same in all lanes), though here its value is the full mask.
__global__ void thread_mask_full_value(int *out) {
    __shared__ int s[65];
    unsigned tid = threadIdx.x;
    s[tid] = (int)tid;
    __syncthreads();
    unsigned mask = 0xffffffffu >> (tid / 64);
    if (tid < 32) {
        int v = s[tid + 1]; //~ race read-write
        __syncwarp(mask);
        s[tid] = v; //~ race write-read
    }
    __syncthreads();
    out[blockIdx.x * 64 + tid] = s[tid];
}
