// expect-verdict: race-free
//--blockDim=64 --gridDim=2
// The program overloads CUDA's `make_float2` with a one-argument version
// that calls the builtin two-argument one (a float2 math header's shape):
// the inner call is the builtin (an overload of one parameter cannot take
// two arguments), not a recursive call, so the value is known, and every
// thread storing `make_float2(0.f)` stores zero bytes: a benign race.

inline __host__ __device__ float2 make_float2(const float s) { return make_float2(s, 0.f); }

__global__ void clear_first(float2 *a) {
    a[0] = make_float2(0.f); //~ benign-race
}

// The value is the builtin's: x from the argument, y 0, one element per thread.
__global__ void spread(float2 *a, float *out) {
    float2 v = make_float2((float)threadIdx.x);
    a[blockIdx.x * blockDim.x + threadIdx.x] = v;
    out[blockIdx.x * blockDim.x + threadIdx.x] = v.y;
}
