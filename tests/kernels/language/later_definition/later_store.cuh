// expect-verdict: race-free
// A device function declared here and defined after this header in the
// translation unit (later_definition.cpp includes later_store_defs.cuh after
// this file): the call binds to that definition, in which each thread
// writes its own element. Treated as an unknown call, it would be taken to
// write all of `buf`.

__device__ void store_own(float *buf, float v);

__global__ void later_store(float *out) {
    __shared__ float buf[64];
    store_own(buf, (float)threadIdx.x);
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = buf[63 - threadIdx.x];
}
