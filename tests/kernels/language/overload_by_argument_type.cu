// expect-verdict: race-free
//--blockDim=128 --gridDim=16
// Overloads of one name and arity resolve by the argument's type, as C++
// does: a `float2` argument calls the `float2` overload (each thread stores
// its own pair), never the first one written, whose scalar body stores to
// one shared element.

__device__ void store(float v, float *out, int i) {
  out[0] = v;
}

__device__ void store(float2 v, float *out, int i) {
  out[2 * i] = v.x;
  out[2 * i + 1] = v.y;
}

__device__ float scale(int k) { return 2.0f * k; }
__device__ float scale(float4 v) { return v.x + v.w; }

__global__ void pairs(const float2 *in, const float4 *w, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float2 v = in[i];
  v.x *= scale(w[i]);
  store(v, out, i);
}
