// expect-verdict(crossed_roles): divergent
// expect-verdict(same_order): race-free
//--blockDim=64 --gridDim=1
// WEFT's deadlock example as CUDA: both warps use barriers 1 and 2 with the
// right counts, but in opposite orders, so each waits for the other forever.
// `same_order` is the fixed version.

__global__ void crossed_roles(float *out) {
    __shared__ float s[64];
    s[threadIdx.x] = threadIdx.x;
    if (threadIdx.x < 32) {
        asm volatile("bar.sync 1, 64;" ::: "memory"); //~ barrier-deadlock
        asm volatile("bar.sync 2, 64;" ::: "memory");
    } else {
        asm volatile("bar.sync 2, 64;" ::: "memory");
        asm volatile("bar.sync 1, 64;" ::: "memory");
    }
    out[threadIdx.x] = s[63 - threadIdx.x]; //~ race read-write
}

__global__ void same_order(float *out) {
    __shared__ float s[64];
    s[threadIdx.x] = threadIdx.x;
    if (threadIdx.x < 32) {
        asm volatile("bar.sync 1, 64;" ::: "memory");
        asm volatile("bar.sync 2, 64;" ::: "memory");
    } else {
        asm volatile("bar.sync 1, 64;" ::: "memory");
        asm volatile("bar.sync 2, 64;" ::: "memory");
    }
    out[threadIdx.x] = s[63 - threadIdx.x];
}
