// expect-verdict(field_and_param_neighbour): racy
// expect-verdict(field_written_param_written): racy
//--blockDim=64 --gridDim=1
// Racy twins of struct_field_pointer_alias.cu: with `w.p == d` (which no
// launch argument shows), thread i writes w.p[i] while thread i - 1 reads or
// writes d[i].

struct SfpRacyWrap {
  float *p;
};

__global__ void field_and_param_neighbour(SfpRacyWrap w, float *d) {
  int i = threadIdx.x;
  w.p[i] = d[i + 1]; //~ race write-read
}

__global__ void field_written_param_written(SfpRacyWrap w, float *d) {
  int i = threadIdx.x;
  w.p[i] = 1.0f; //~ race write-write
  d[i + 1] = 2.0f;
}
