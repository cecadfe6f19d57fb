// expect-verdict: unsupported
//--blockDim=256 --gridDim=4
// Nine candidates of the call's arity in a template kernel whose type
// parameter is modelled as opaque data: more than the arms checked, so the
// call is reported, not resolved as if the parameter were `int` (which
// would leave out `k<float>`'s racy overload).

__device__ void put(int *a, int v) { atomicAdd((int *)a, 1); }
__device__ void put(unsigned *a, unsigned v) { atomicAdd((int *)a, 1); }
__device__ void put(long long *a, long long v) { atomicAdd((int *)a, 1); }
__device__ void put(unsigned long long *a, unsigned long long v) { atomicAdd((int *)a, 1); }
__device__ void put(double *a, double v) { atomicAdd((int *)a, 1); }
__device__ void put(short *a, short v) { atomicAdd((int *)a, 1); }
__device__ void put(char *a, char v) { atomicAdd((int *)a, 1); }
__device__ void put(unsigned char *a, unsigned char v) { atomicAdd((int *)a, 1); }
__device__ void put(float *a, float v) { *a = v; }

template <typename T>
__global__ void k(T *res) {
  put(res, (T)threadIdx.x);
}

void host(int *a, float *b) {
  k<int><<<4, 256>>>(a);
  k<float><<<4, 256>>>(b);
}
