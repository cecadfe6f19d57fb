// expect-verdict: race-free
// A block reduction finished by the first warp through a tile of 32: the
// branch on the block's linear rank (`cta.thread_rank() < 32`) keeps whole
// warps together (a warp is 32 consecutive linear ids), and the shuffle
// loop's bound is the static tile size (`thread_block_tile<32>::size()`
// is the constant 32 in every thread), so every lane of warp 0 runs the
// same shuffles.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void block_sum(const float *in, float *out) {
    cg::thread_block cta = cg::this_thread_block();
    __shared__ float s[256];
    unsigned tid = threadIdx.x;
    float v = in[blockIdx.x * 256 + tid];
    s[tid] = v;
    cg::sync(cta);
    if (tid < 128) s[tid] = v = v + s[tid + 128];
    cg::sync(cta);
    if (tid < 64) s[tid] = v = v + s[tid + 64];
    cg::sync(cta);
    cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
    if (cta.thread_rank() < 32) {
        v += s[tid + 32];
        for (int offset = tile32.size() / 2; offset > 0; offset /= 2)
            v += tile32.shfl_down(v, offset);
    }
    if (cta.thread_rank() == 0)
        out[blockIdx.x] = v;
}

// The rank kept in a local, and the warp index it gives.
__global__ void per_warp_sums(const float *in, float *out) {
    cg::thread_block cta = cg::this_thread_block();
    cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
    unsigned rank = cta.thread_rank();
    float v = in[blockIdx.x * 256 + rank];
    if (rank / 32 < 4) {
        for (int offset = tile32.num_threads() / 2; offset > 0; offset /= 2)
            v += tile32.shfl_down(v, offset);
    }
    if (tile32.thread_rank() == 0)
        out[blockIdx.x * 8 + rank / 32] = v;
}

void run(const float *in, float *out) {
    block_sum<<<64, 256>>>(in, out);
    per_warp_sums<<<64, 256>>>(in, out);
}
