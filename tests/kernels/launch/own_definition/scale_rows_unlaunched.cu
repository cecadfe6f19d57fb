// expect-verdict: racy
// This file's `scale_rows` is launched nowhere in view: the program in
// launches_own_copy.cu defines and launches a kernel of the same name, which
// is its own definition (one definition per program), not this one. So this
// one keeps a symbolic launch, and with more than 16 threads per block the
// rows of neighbouring blocks overlap.

__global__ void scale_rows(float *v, float s) {
  v[blockIdx.x * 16 + threadIdx.x] *= s; //~ race
}
