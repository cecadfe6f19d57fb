// expect-verdict(local_device_lambda): race-free
// expect-verdict(host_device_lambda): race-free
//--blockDim=64 --gridDim=2
// CUDA extended lambdas (`[=] __device__ (..) { .. }`, nvcc's
// `--extended-lambda`) written in device code: the execution-space
// specifiers between the captures and the parameters are read, not a syntax
// error.

__global__ void local_device_lambda(float *out, const float *in, int n) {
    auto index = [] __device__ () { return blockIdx.x * blockDim.x + threadIdx.x; };
    auto twice = [=] __device__ (float x) -> float { return 2.0f * x; };
    unsigned i = index();
    if (i < n) out[i] = twice(in[i]);
}

__global__ void host_device_lambda(int *out) {
    __shared__ int s[64];
    auto put = [&] __host__ __device__ (int k, int v) { s[k] = v; };
    put(threadIdx.x, threadIdx.x);
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = s[63 - threadIdx.x];
}
