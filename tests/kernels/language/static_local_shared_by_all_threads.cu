// expect-verdict: unsupported
//--blockDim=64 --gridDim=2
// A static local of device code is one object for the whole program, shared
// by every thread of every block: these stores race. Modelled per thread they
// would look private, so the kernel gets no verdict rather than a wrong one.

__global__ void static_counter_table(int *out) {
    static int seen[32];
    seen[threadIdx.x % 32] = threadIdx.x;
    out[blockIdx.x * 64 + threadIdx.x] = seen[threadIdx.x % 32];
}
