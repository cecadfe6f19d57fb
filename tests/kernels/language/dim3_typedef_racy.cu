// expect-verdict: racy
//--blockDim=64 --gridDim=1
// A typedef or alias of dim3 builds its values with dim3's constructor
// (missing components are 1, not copies of the first), and so do the cast
// `(dim3)x` and the copy-initialisation `dim3 v = x;`: every thread writes
// a[1].

typedef dim3 Idx;
using Idx2 = Idx;

__global__ void typedef_direct_init(int *a) {
    Idx idx(threadIdx.x);
    a[idx.y] = threadIdx.x;   //~ race write-write
}

__global__ void alias_functional_cast(int *a) {
    Idx2 idx = Idx2(threadIdx.x);
    a[idx.z] = threadIdx.x;   //~ race write-write
}

__global__ void typedef_c_cast(int *a) {
    Idx idx = (Idx)threadIdx.x;
    a[idx.z] = threadIdx.x;   //~ race write-write
}

__global__ void copy_init(int *a) {
    dim3 idx = threadIdx.x;
    a[idx.z] = threadIdx.x;   //~ race write-write
}

__global__ void list_init(int *a) {
    dim3 idx{threadIdx.x};
    a[threadIdx.x * (1 - idx.y)] = threadIdx.x;   //~ race write-write
}

__device__ unsigned pick(dim3 d) { return d.z; }

__global__ void scalar_argument(int *a) {
    a[pick(threadIdx.x)] = threadIdx.x;   //~ race write-write
}

__global__ void default_init(int *a) {
    dim3 idx;
    a[idx.x + idx.y + idx.z] = threadIdx.x;   //~ race write-write
}
