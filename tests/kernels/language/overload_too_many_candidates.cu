// expect-verdict(k<int>): race-free
// expect-verdict(k<float>): racy
//--blockDim=256 --gridDim=4
// Nine candidates of the call's arity in a template kernel. Until session
// 53 the type parameter was opaque and the call was refused; now each
// instantiation is checked apart, and `k<float>`'s racy overload is
// reported.

__device__ void put(int *a, int v) { atomicAdd((int *)a, 1); }
__device__ void put(unsigned *a, unsigned v) { atomicAdd((int *)a, 1); }
__device__ void put(long long *a, long long v) { atomicAdd((int *)a, 1); }
__device__ void put(unsigned long long *a, unsigned long long v) { atomicAdd((int *)a, 1); }
__device__ void put(double *a, double v) { atomicAdd((int *)a, 1); }
__device__ void put(short *a, short v) { atomicAdd((int *)a, 1); }
__device__ void put(char *a, char v) { atomicAdd((int *)a, 1); }
__device__ void put(unsigned char *a, unsigned char v) { atomicAdd((int *)a, 1); }
__device__ void put(float *a, float v) { *a = v; } //~ race write-write

template <typename T>
__global__ void k(T *res) {
  put(res, (T)threadIdx.x);
}

void host(int *a, float *b) {
  k<int><<<4, 256>>>(a);
  k<float><<<4, 256>>>(b);
}
