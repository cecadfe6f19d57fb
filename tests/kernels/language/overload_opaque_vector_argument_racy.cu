// expect-verdict: racy
//--blockDim=128 --gridDim=8
// The twin of overload_opaque_vector_argument.cu: the fields of the
// argument are unknown values of its type, so the bin decoded from them may
// be the same in two threads, whose plain stores of different values to
// that bin race.

__device__ unsigned int decode(float4 &pixel) {
  return (unsigned int)(pixel.x * 16.0f);
}

__device__ unsigned int decode(uchar4 pixel) { return pixel.w; }

template <typename Pixel>
__global__ void histogram(const Pixel *in, int n, unsigned int *hist) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Pixel pixel = in[i];
    hist[decode(pixel) % 16] = i; //~ race write-write
  }
}

void host(const float4 *f, const uchar4 *u, int n, unsigned int *h) {
  histogram<<<8, 128>>>(f, n, h);
  histogram<<<8, 128>>>(u, n, h);
}
