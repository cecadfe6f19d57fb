// expect-verdict: race-free
//--blockDim=128 --gridDim=8
// A template kernel launched with two pixel types: the type parameter is
// modelled as opaque data and each `decode` overload runs as an arm. In an
// arm, the argument is a value of that overload's parameter type (the call
// compiles only for such instantiations), so its vector fields are unknown
// values of the declared type. Every thread adds to a counter atomically and
// writes its own element.

__device__ void decode(float4 &pixel, unsigned int *bins) {
  bins[0] = (unsigned int)(pixel.x * 16.0f);
  bins[1] = (unsigned int)(pixel.y * 16.0f);
  pixel.z = 0.0f;
}

__device__ void decode(uchar4 pixel, unsigned int *bins) {
  bins[0] = pixel.x;
  bins[1] = pixel.w;
}

template <typename Pixel>
__global__ void histogram(const Pixel *in, int n, unsigned int *hist,
                          unsigned int *first) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Pixel pixel = in[i];
    unsigned int bins[2];
    decode(pixel, bins);
    atomicAdd(&hist[bins[0] % 16], 1);
    atomicAdd(&hist[16 + bins[1] % 16], 1);
    first[i] = bins[0];
  }
}

void host(const float4 *f, const uchar4 *u, int n, unsigned int *h,
          unsigned int *b) {
  histogram<<<8, 128>>>(f, n, h, b);
  histogram<<<8, 128>>>(u, n, h, b);
}
