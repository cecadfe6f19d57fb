// expect-verdict: race-free
//--blockDim=128 --gridDim=8
// CUDA 12.8's `__nv_atomic_*` builtins are atomic accesses: a relaxed atomic
// load before a compare-and-swap loop does not race with other threads' CAS
// (with a plain `*addr` load it would).

__device__ long long min_cas(long long *addr, long long v) {
    long long cur = __nv_atomic_load_n(addr, __NV_ATOMIC_RELAXED);
    while (v < cur) {
        long long old = cur;
        cur = (long long)atomicCAS((unsigned long long *)addr, (unsigned long long)old,
                                   (unsigned long long)v);
        if (cur == old)
            break;
    }
    return cur;
}

__global__ void global_min(long long *result, const long long *in, int *hits) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    min_cas(result, in[i]);
    __nv_atomic_fetch_add(hits, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
}
