// expect-verdict: unsupported
//--blockDim=64 --gridDim=1
// The recursive callee writes a module-scope array: a call that is not
// inlined would lose that write.

__device__ int table[64];

__device__ void fill_down(int depth) {
    if (depth == 0) {
        table[threadIdx.x / 2] = threadIdx.x;
    } else {
        fill_down(depth - 1);
    }
}

__global__ void recursive_module_array(int *out) {
    fill_down(3);
    out[threadIdx.x] = 0;
}
