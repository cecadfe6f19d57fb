// expect-verdict(fill<long long>): racy
// expect-verdict(fill<R>): race-free
// `R` is long long in namespace wide and int in namespace narrow: the 4-block
// launch `fill<R>` of wide runs fill<long long>, where thread i's byte 4 * i
// lies in element i / 2 (a race between blocks). The text `R` also names the
// int instantiation, so it is no reason to leave that launch out.

template <class T>
__global__ void fill(T *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  ((char *)b)[i * 4] = 1; //~ race write-write
  b[i] = (T)2;
}

void one(long long *p) { fill<long long><<<1, 1>>>(p); }

namespace wide {
using R = long long;
void run(long long *p) { fill<R><<<4, 1>>>(p); }
}

namespace narrow {
using R = int;
void run(int *p) { fill<R><<<1, 1>>>(p); }
}
