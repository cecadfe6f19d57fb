// expect-verdict: racy
//--blockDim=64 --gridDim=1
// A character literal has type `char` in C++ ([lex.ccon]): the `char`
// overload is an exact match, the `int` one only a promotion, so every
// thread stores to p[0].

__device__ void put(float *p, char c) { p[0] = threadIdx.x; } //~ race write-write
__device__ void put(float *p, int c) { p[threadIdx.x] = threadIdx.x; }

__global__ void char_literal_overload(float *a) { put(a, 'x'); }
