// expect-verdict: racy
//--blockDim=64 --gridDim=1
// No overload matches a `float` argument exactly: C++ prefers the
// float-to-double promotion over the float-to-int conversion
// ([over.ics.rank]), so the second overload, which every thread uses to
// store to s[0], is the one called (not the first one written).

__device__ void put(float *s, int v) { s[threadIdx.x] = v; }
__device__ void put(float *s, double v) { s[0] = v; } //~ race write-write

__global__ void promoted_overload(float *a, float x) {
    float y = x * threadIdx.x;
    put(a, y);
}
