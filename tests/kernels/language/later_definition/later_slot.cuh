// expect-verdict: race-free
// A device function declared here and defined after this header in the
// translation unit (later_definition.cpp includes later_slot_defs.cuh after
// this file): the call binds to that definition, which gives each thread its
// own slot. Treated as an unknown call, its result would be any slot.

__device__ unsigned own_slot(unsigned t);

__global__ void later_slot(float *out) {
    __shared__ float buf[64];
    buf[own_slot(threadIdx.x)] = (float)threadIdx.x;
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = buf[63 - threadIdx.x];
}
