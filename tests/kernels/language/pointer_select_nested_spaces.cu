// expect-verdict: race-free
//--blockDim=64 --gridDim=2
// The race-free twin of pointer_select_nested_spaces_racy.cu: each block
// writes its own part of whichever global array the nested `?:` picks, and
// the shared tile is per block.

__global__ void nested_select_spaces_own(float *out1, float *out2, int use_smem, int flag) {
    __shared__ float tile[64];
    float *p = use_smem ? tile : (flag ? out1 + blockIdx.x * 64 : out2 + blockIdx.x * 64);
    p[threadIdx.x] = 1.0f * blockIdx.x;
}
