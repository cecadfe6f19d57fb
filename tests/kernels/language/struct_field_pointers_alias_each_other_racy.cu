// expect-verdict(fields_of_one_struct): racy
// expect-verdict(one_struct_passed_twice): racy
// expect-verdict(byte_field_and_float_param): racy
//--blockDim=64 --gridDim=1
// Pointers in by-value struct parameters hold whatever the host stored, which
// no launch argument shows: two fields of one struct (`p.src = p.dst = d`),
// the same field of a struct passed twice (`k<<<..>>>(p, p)`), or a byte
// pointer cast from a float buffer (`s.bytes = (char *)f`). Each pair is one
// array, whatever its element sizes.

struct SfaPair {
  const float *src;
  float *dst;
};

struct SfaBuf {
  float *buf;
};

struct SfaBytes {
  char *bytes;
};

__global__ void fields_of_one_struct(SfaPair p) {
  int i = threadIdx.x;
  p.dst[i + 1] = p.src[i]; //~ race write-read
}

__global__ void one_struct_passed_twice(SfaBuf in, SfaBuf out) {
  int i = threadIdx.x;
  out.buf[i + 1] = in.buf[i]; //~ race write-read
}

__global__ void byte_field_and_float_param(SfaBytes s, float *f) {
  int i = threadIdx.x;
  f[i] = 1.0f; //~ race write-write
  s.bytes[4 * i + 5] = 0;
}
