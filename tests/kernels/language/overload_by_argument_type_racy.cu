// expect-verdict: racy
//--blockDim=128 --gridDim=1
// The twin of overload_by_argument_type.cu: a `float` argument calls the
// scalar overload (defined after the `float2` one here), whose store every
// thread makes to the same element.

__device__ void store(float2 v, float *out, int i) {
  out[2 * i] = v.x;
  out[2 * i + 1] = v.y;
}

__device__ void store(float v, float *out, int i) {
  out[0] = v; //~ race write-write
}

__global__ void singles(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  store(v, out, i);
}
