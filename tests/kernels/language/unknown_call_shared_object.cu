// expect-verdict: race-free
//--blockDim=128 --gridDim=1
// The race-free twins of unknown_call_shared_object_racy.cu: one thread
// passes the shared object by reference and a barrier orders the others'
// reads; a const reference is only read.

__device__ void accumulate(float &acc, float v);
__device__ float peek(const float &acc);

__global__ void one_writer_then_barrier(const float *in, float *out) {
    __shared__ float total;
    if (threadIdx.x == 0) accumulate(total, in[0]);
    __syncthreads();
    out[threadIdx.x] = peek(total);
}
