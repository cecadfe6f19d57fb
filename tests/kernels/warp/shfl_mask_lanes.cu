// expect-verdict(full_mask_all_lanes): race-free
// expect-verdict(full_mask_half_warp): divergent
// expect-verdict(full_mask_lane_trip_count): divergent
// expect-verdict(ballot_lane_branch): divergent
// expect-verdict(partial_mask_its_lanes): race-free
// expect-verdict(partial_mask_missing_lane): divergent
// expect-verdict(partial_mask_excludes_caller): divergent
// expect-verdict(full_mask_after_lane_return): race-free
// expect-verdict(enum_full_mask_half_warp): divergent
// expect-verdict(const_local_mask_half_warp): divergent
// expect-verdict(helper_mask_parameter_half_warp): divergent
// expect-verdict(ballot_mask_same_condition): unsupported
// expect-verdict(active_mask_before_branch): unsupported
// expect-verdict(active_mask_inside_branch): race-free
// expect-verdict(partial_mask_every_lane): divergent
// expect-verdict(partial_mask_warp_uniform_branch): divergent
// expect-verdict(sync_partial_mask_every_lane): divergent
//--blockDim=128 --gridDim=4
// Warp shuffles and votes exchange registers (no memory), but every lane
// their mask names must execute them ("all non-exited threads named in mask
// must execute the same intrinsic with the same mask"), and the calling lane
// must be in the mask. Lanes that have exited are not awaited.

__global__ void full_mask_all_lanes(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    for (int o = 16; o > 0; o /= 2) x += __shfl_down_sync(0xffffffff, x, o);
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void full_mask_half_warp(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    if (threadIdx.x % 32 < 16) {
        x += __shfl_down_sync(0xffffffff, x, 8); //~ divergence
    }
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void full_mask_lane_trip_count(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    for (int k = threadIdx.x % 32; k < 32; k += 16) {
        x = __shfl_sync(0xffffffff, x, 0); //~ divergence
    }
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void ballot_lane_branch(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    unsigned b = 0;
    if (threadIdx.x % 2 == 0) {
        b = __ballot_sync(0xffffffff, x > 0); //~ divergence
    }
    out[blockIdx.x * 128 + threadIdx.x] = (int)b;
}

__global__ void partial_mask_its_lanes(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    if (threadIdx.x % 32 < 16) x = __shfl_sync(0x0000ffff, x, 0);
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void partial_mask_missing_lane(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    if (threadIdx.x % 32 < 15) {
        x = __shfl_sync(0x0000ffff, x, 0); //~ divergence
    }
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void partial_mask_excludes_caller(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    if (threadIdx.x % 32 < 17) {
        x = __shfl_sync(0x0000ffff, x, 0); //~ divergence
    }
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void full_mask_after_lane_return(const int *in, int *out) {
    if (threadIdx.x % 32 >= 20) return;
    int x = in[blockIdx.x * 128 + threadIdx.x];
    x = __shfl_sync(0xffffffff, x, 0);
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

// A mask that is not a literal: an enumerator, a constant local, a helper's
// parameter: checked like the constant it holds (or as the full mask).
enum { FULL_MASK = -1 };

__global__ void enum_full_mask_half_warp(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    if (threadIdx.x % 32 < 16) {
        x += __shfl_xor_sync(FULL_MASK, x, 1); //~ divergence
    }
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void const_local_mask_half_warp(const int *in, int *out) {
    const unsigned mask = 0xffffffff;
    int x = in[blockIdx.x * 128 + threadIdx.x];
    if (threadIdx.x % 2 == 0) {
        x = __shfl_up_sync(mask, x, 1); //~ divergence
    }
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__device__ int warp_sum(unsigned mask, int v) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(mask, v, o); //~ divergence
    return v;
}

__global__ void helper_mask_parameter_half_warp(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    if (threadIdx.x % 32 < 20) x = warp_sum(0xffffffff, x);
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

// `__activemask()` taken by exactly the threads that make the call names
// the lanes that call. Other masks computed at run time (a ballot, an active
// mask taken before a branch) name lanes the checker does not know.
__global__ void ballot_mask_same_condition(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    unsigned m = __ballot_sync(0xffffffff, x > 0);
    if (x > 0) x = __shfl_sync(m, x, __ffs(m) - 1);
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void active_mask_inside_branch(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    if (threadIdx.x % 3 == 0) {
        unsigned m = __activemask();
        x = __shfl_sync(m, x, 0);
    }
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void active_mask_before_branch(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    unsigned m = __activemask();
    if (threadIdx.x % 32 < 16) x = __shfl_down_sync(m, x, 1);
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

// A partial mask called by every lane: lanes 16-31 call without their bit,
// in every warp, though the call is uniform.
__global__ void partial_mask_every_lane(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    x = __shfl_sync(0x0000ffff, x, 0); //~ divergence
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void partial_mask_warp_uniform_branch(const int *in, int *out) {
    int x = in[blockIdx.x * 128 + threadIdx.x];
    if (threadIdx.x < 64) {
        x = __shfl_sync(0xffff, x, 0); //~ divergence
    }
    out[blockIdx.x * 128 + threadIdx.x] = x;
}

__global__ void sync_partial_mask_every_lane(int *out) {
    out[blockIdx.x * 128 + threadIdx.x] = 1;
    __syncwarp(0xffff); //~ divergence
}
