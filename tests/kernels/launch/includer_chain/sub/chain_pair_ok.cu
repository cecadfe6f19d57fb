// expect-verdict: race-free
// Twin of chain_pair.cu whose includer ../pair_ok_run.cpp (256 threads on
// its own) is included by ../pair_ok_narrow_main.cpp with WG 128 and
// ../pair_ok_narrower_main.cpp with WG 64: no two threads share a slot.

__global__ void chain_pair_ok(float *d) {
    __shared__ float s[256];
    s[threadIdx.x % 256] = d[threadIdx.x];
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x % 256];
}
