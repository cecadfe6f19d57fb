// expect-verdict(published): race-free
// expect-verdict(one_early): racy
// expect-verdict(two_races): racy
//--blockDim=64 --gridDim=1
// Each warp stores two tiles and reads its partner lanes' values. One
// `__syncwarp()` after both stores publishes them (`published`); written one
// statement too early (`one_early`) it publishes only the first tile, and
// the second races with the reads (the quick fix moves it one statement
// down). In `two_races` the single barrier orders the first store before
// the read but the write-back after it races with that read: no move of the
// barrier orders both, so none is offered.

__global__ void published(const float *in, float *out) {
    __shared__ float s[64];
    __shared__ float t[64];
    int i = threadIdx.x;
    s[i] = in[i];
    t[i] = in[64 + i];
    __syncwarp();
    out[i] = s[i ^ 31] + t[i ^ 31];
}

__global__ void one_early(const float *in, float *out) {
    __shared__ float s[64];
    __shared__ float t[64];
    int i = threadIdx.x;
    s[i] = in[i];
    __syncwarp();
    t[i] = in[64 + i]; //~ race write-read
    out[i] = s[i ^ 31] + t[i ^ 31]; //~ race read-write
}

__global__ void two_races(const float *in, float *out) {
    __shared__ float s[64];
    int i = threadIdx.x;
    s[i] = in[i];
    __syncwarp();
    float y = s[i ^ 1]; //~ race read-write
    s[i] = y + 1.0f; //~ race write-read
    out[i] = y;
}
