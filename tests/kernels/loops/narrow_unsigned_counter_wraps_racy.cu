// expect-verdict(uchar_stride_wraps): racy
// expect-verdict(ushort_stride_wraps): racy
// An 8- or 16-bit counter bounded by `i < n` wraps for bounds kernels use:
// the counter assumption covers 32- and 64-bit counters only. With n = 200,
// thread 60's `unsigned char` counter runs 60, 160, 4 (260 mod 256), the
// element thread 4 writes.
//--blockDim=128 --gridDim=1

__global__ void uchar_stride_wraps(int *a, int n) {
  for (unsigned char i = threadIdx.x; i < n; i += 100)
    a[i] = threadIdx.x; //~ race write-write
}

__global__ void ushort_stride_wraps(int *a, int n) {
  for (unsigned short i = threadIdx.x; i < n; i += 30000)
    a[i] = threadIdx.x; //~ race write-write
}
