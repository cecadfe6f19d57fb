// expect-verdict: race-free
//--blockDim=128 --gridDim=8
// A union defined in a member function's body is a known type: writing one
// member and reading another is a per-thread reinterpretation (its value is
// not modelled, its accesses are private). Each thread writes its own element.

struct Uniform {
  unsigned state;
  __device__ unsigned next() { state = state * 1103515245u + 12345u; return state; }
  __device__ float operator()(void) {
    union { float f; int i; } u;
    u.i = (next() & 0x7fffff) | 0x3f800000;
    return u.f - 1.f;
  }
};

__global__ void fill(float *out) {
  Uniform rng;
  rng.state = blockIdx.x * blockDim.x + threadIdx.x;
  out[blockIdx.x * blockDim.x + threadIdx.x] = rng();
}
