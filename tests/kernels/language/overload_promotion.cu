// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// A `short` argument promotes to `int` and converts to `float`: the `int`
// overload (each thread stores its own element) is called, whichever
// overload is written first.

__device__ void put(float *s, float v) { s[0] = v; }
__device__ void put(float *s, int v) { s[threadIdx.x] = v; }

__global__ void promoted_overload(float *a, short x) {
    short y = x + 1;
    put(a, y);
}
