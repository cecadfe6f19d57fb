// Claimed race: 8-bit unsigned counter wraps (s += blockDim.x wraps mod 256), two iterations
// of different threads hit the same out[s + tid] in a 300-thread block? (index < 256 via u8 sum).
__global__ void offset_u8_wrap(int *out, unsigned char n) {
  for (unsigned char s = 0; s != n; s += blockDim.x)
    out[(unsigned char)(s + threadIdx.x)] = threadIdx.x;
}
