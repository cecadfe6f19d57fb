// expect-verdict: race-free
//--blockDim=64 --gridDim=16
// expect-padding(b): columns +1
// 8-byte elements are served per half-warp. a[t]: 16 lanes, 16 consecutive
// 8-byte units: conflict-free. a[2 * t]: units 0, 2, ..., 30 in 16 bank pairs,
// lanes t and t + 8 share one: 2-way. b[t][0]: every lane in the first bank
// pair, 16 lanes per phase: 16-way.

__global__ void doubles(double *out) {
    __shared__ double a[128];
    __shared__ double b[64][32];
    unsigned t = threadIdx.x;
    a[t] = 1.0;
    a[t + 64] = 2.0;
    b[t][0] = 3.0; //~ bank-conflict 16
    __syncthreads();
    out[blockIdx.x * 64 + t] = a[2 * t] + b[t][0]; //~ bank-conflict 2, bank-conflict 16
}
