// expect-verdict(lambda_neighbour): racy
//--blockDim=64 --gridDim=1
// An extended lambda (`[&] __device__ (..)`) that writes shared memory other
// threads read with no barrier in between.

__global__ void lambda_neighbour(int *out) {
    __shared__ int s[64];
    auto put = [&] __device__ (int k, int v) { s[k] = v; }; //~ race write-read
    put(threadIdx.x, threadIdx.x);
    out[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
