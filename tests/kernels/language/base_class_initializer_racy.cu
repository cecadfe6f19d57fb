// expect-verdict: racy
//--blockDim=64 --gridDim=1
// `: Base(p)` runs the base constructor, which sets the inherited `data`
// to `a`: every thread writes a[0]. The front end does not lower base-class
// initializers, so the member must be unknown, not unassigned (whose
// accesses would be dropped as a fault).

struct Base {
  float *data;
  __device__ Base(float *p) : data(p) {}
};

struct View : Base {
  __device__ View(float *p) : Base(p) {}
};

__global__ void k(float *a) {
  View v(a);
  v.data[0] = threadIdx.x; //~ race write-write
}
