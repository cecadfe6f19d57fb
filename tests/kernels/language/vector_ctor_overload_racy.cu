// expect-verdict: racy
//--blockDim=64 --gridDim=2
// Twin of vector_ctor_overload.cu: thread 0 stores (1, 0) where the others
// store zeros, or every thread stores its own id, to one element: real races.

inline __host__ __device__ float2 make_float2(const float s) { return make_float2(s, 0.f); }

__global__ void set_first(float2 *a) {
    if (threadIdx.x == 0)
        a[0] = make_float2(1.f); //~ race write-write, benign-race
    else
        a[0] = make_float2(0.f); //~ race write-write, benign-race
}

__global__ void set_own(float2 *a) {
    a[0] = make_float2((float)threadIdx.x); //~ race write-write
}
