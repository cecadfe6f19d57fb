// expect-verdict: divergent
// Twins of static_tile_reduction.cu: a branch on the linear rank that cuts
// a warp in two (`< 16`), and a shuffle loop whose bound is a thread's own
// value, so lanes of one warp run different numbers of shuffles.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void half_warp_branch(const float *in, float *out) {
    cg::thread_block cta = cg::this_thread_block();
    cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
    float v = in[blockIdx.x * 256 + threadIdx.x];
    if (cta.thread_rank() < 16) {
        for (int offset = tile32.size() / 2; offset > 0; offset /= 2)
            v += tile32.shfl_down(v, offset); //~ divergence
    }
    if (cta.thread_rank() == 0)
        out[blockIdx.x] = v;
}

__global__ void lane_bound(const float *in, float *out) {
    cg::thread_block cta = cg::this_thread_block();
    cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
    float v = in[blockIdx.x * 256 + threadIdx.x];
    for (int offset = tile32.thread_rank() / 2; offset > 0; offset /= 2)
        v += tile32.shfl_down(v, offset); //~ divergence
    if (cta.thread_rank() == 0)
        out[blockIdx.x] = v;
}

void run(const float *in, float *out) {
    half_warp_branch<<<64, 256>>>(in, out);
    lane_bound<<<64, 256>>>(in, out);
}
