// expect-verdict(mask_with_own_lane): race-free
// expect-verdict(mask_from_memory_all_lanes): divergent
// expect-verdict(mask_of_lane_pairs): divergent
// expect-verdict(mask_with_own_lane_ordering): racy
//--blockDim=64 --gridDim=2
// `__syncwarp(mask)` with a mask the checker cannot resolve to one value for
// the block (read from memory, computed from the thread): PTX
// `bar.warp.sync` is undefined when the calling thread is not in the mask,
// so a lane that calls it outside its own value of the mask is divergence;
// and such a barrier orders nothing.

// Each half-warp syncs with the mask of its own half: every caller names
// its own lane (nothing to report; no exchange through memory either).
__global__ void mask_with_own_lane(int *out) {
    unsigned lane = threadIdx.x % 32;
    unsigned m = lane < 16 ? 0x0000ffffu : 0xffff0000u;
    __syncwarp(m);
    out[blockIdx.x * 64 + threadIdx.x] = (int)lane;
}

// Every lane calls with a mask read from memory, which need not name it.
__global__ void mask_from_memory_all_lanes(const unsigned *masks, int *out) {
    unsigned m = masks[0];
    __syncwarp(m); //~ divergence
    out[blockIdx.x * 64 + threadIdx.x] = 1;
}

// The mask names the even lanes and the caller's pair's even lane: an odd
// lane is not in it.
__global__ void mask_of_lane_pairs(int *out) {
    unsigned lane = threadIdx.x % 32;
    unsigned m = 0x55555555u | (1u << (lane & ~1u));
    __syncwarp(m); //~ divergence
    out[blockIdx.x * 64 + threadIdx.x] = 1;
}

// The callers are in the mask, but the checker cannot tell which lanes the
// barrier orders: it orders nothing, and the exchange races.
__global__ void mask_with_own_lane_ordering(int *out) {
    __shared__ int s[64];
    unsigned lane = threadIdx.x % 32;
    unsigned m = lane < 16 ? 0x0000ffffu : 0xffff0000u;
    s[threadIdx.x] = (int)lane; //~ race write-read
    __syncwarp(m);
    out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x ^ 1]; //~ race read-write
}
