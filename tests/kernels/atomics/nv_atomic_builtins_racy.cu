// expect-verdict: racy
//--blockDim=128 --gridDim=8
// A block-scoped `__nv_atomic_fetch_add` is atomic only among the threads of
// one block: threads of two blocks adding to the same counter race. A plain
// load before a CAS loop races with other threads' CAS.

__global__ void count_blocks(int *counter) {
    __nv_atomic_fetch_add(&counter[0], 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK); //~ race write-write
}

__global__ void plain_then_cas(unsigned int *addr, unsigned int v) {
    unsigned int cur = *addr; //~ race
    while (v < cur) {
        unsigned int old = cur;
        cur = atomicCAS(addr, old, v); //~ race
        if (cur == old)
            break;
    }
}
