// expect-verdict: race-free
// A kernel defined in a header and launched from another file of its folder
// (main.cpp): the launch there (16x8 threads) is its launch. With a symbolic
// block, thread (16,0) would write s[0][16], the element thread (0,1) writes.

__global__ void rows(float *out, const float *in) {
    __shared__ float s[8][16];
    int id = threadIdx.y * 16 + threadIdx.x;
    int base = (int)blockIdx.x * 128;
    s[threadIdx.y][threadIdx.x] = in[base + id];
    __syncthreads();
    out[base + id] = s[7 - threadIdx.y][15 - threadIdx.x];
}
