// expect-verdict(fields_of_one_struct_same_index): race-free
// expect-verdict(byte_field_same_bytes): race-free
//--blockDim=64 --gridDim=1
// Race-free twins of struct_field_pointers_alias_each_other_racy.cu: the
// fields (and the parameter) are taken as one array, but each thread touches
// only its own element (its own 4 bytes), so they stay race-free either way.

struct SfaFreePair {
  const float *src;
  float *dst;
};

struct SfaFreeBytes {
  char *bytes;
};

__global__ void fields_of_one_struct_same_index(SfaFreePair p) {
  int i = threadIdx.x;
  p.dst[i] = p.src[i] * 2.0f;
}

__global__ void byte_field_same_bytes(SfaFreeBytes s, float *f) {
  int i = threadIdx.x;
  f[i] = 1.0f;
  __syncthreads();
  s.bytes[4 * i + 3] = 0;
}
