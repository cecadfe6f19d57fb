// expect-verdict: unsupported
//--blockDim=64 --gridDim=1
// Nine distinct type instantiations, more than are checked apart: the type
// parameter stays opaque data (a note says so) and the byte view is
// refused (the 8-byte instantiations race).

template <typename T>
__global__ void many(T *a) {
  int i = threadIdx.x;
  ((char *)a)[i * 4] = 1;
  a[i] = (T)2;
}

struct Pair { int x, y; };

int main() {
  many<char><<<1, 64>>>((char *)0);
  many<short><<<1, 64>>>((short *)0);
  many<int><<<1, 64>>>((int *)0);
  many<unsigned><<<1, 64>>>((unsigned *)0);
  many<float><<<1, 64>>>((float *)0);
  many<double><<<1, 64>>>((double *)0);
  many<long long><<<1, 64>>>((long long *)0);
  many<unsigned char><<<1, 64>>>((unsigned char *)0);
  many<Pair><<<1, 64>>>((Pair *)0);
}
