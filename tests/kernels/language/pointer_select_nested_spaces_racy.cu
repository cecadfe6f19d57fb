// expect-verdict: racy
//--blockDim=64 --gridDim=2
// `p` targets the shared tile or one of two global arrays (a nested `?:`
// lowered through a temporary). With use_smem == 0 and flag != 0 every thread
// of both blocks writes out1[threadIdx.x]: threads of different blocks race.
// The temporary's selector must be set in both arms, or every access would go
// to the tile.

__global__ void nested_select_spaces(float *out1, float *out2, int use_smem, int flag) {
    __shared__ float tile[64];
    float *p = use_smem ? tile : (flag ? out1 : out2);
    p[threadIdx.x] = 1.0f * blockIdx.x; //~ race write-write
}
