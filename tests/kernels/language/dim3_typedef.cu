// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// With dim3's constructor idx = (tid, 1, 1) through the typedef, so
// a[idx.x / idx.y] is a[tid] (a splat would make it a[1] for every thread
// but 0).

typedef dim3 Idx;

__global__ void typedef_direct_init(int *a) {
    Idx idx(threadIdx.x);
    a[idx.x / idx.y] = threadIdx.x;
}

__global__ void copy_init(int *a) {
    Idx idx = threadIdx.x;
    a[idx.x / idx.z] = threadIdx.x;
}
