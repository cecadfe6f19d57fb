// expect-verdict: racy
//--blockDim=64 --gridDim=1
// In `data(data)` the first `data` is the member, the second the
// parameter: the member points to `a`, and every thread writes a[0].

struct View {
  float *data;
  __device__ View(float *data) : data(data) {}
};

__global__ void k(float *a) {
  View v(a);
  v.data[0] = threadIdx.x; //~ race write-write
}
