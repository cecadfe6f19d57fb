// expect-verdict: race-free
//--blockDim=64 --gridDim=4
// A header checked on its own: its only includer, main.cu, launches the
// template with `float` and `double`; the header is checked within that
// translation unit, once per instantiation.

template <typename T>
__global__ void fill_own(T *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  ((char *)a)[i * sizeof(T)] = 1;
  a[i] = (T)2;
}
