// Claimed race: mask of type unsigned char computed from a wrapped sum; (c + 255) wraps to c-1 in u8
// but is int-promoted in C: m = c + 255 (int) -> tid & m spans tid; out[(tid & m) >> 8] collides.
__global__ void and_char_mask(int *out, unsigned char c) {
  unsigned char m = c + 255;
  if (c == 0) out[(threadIdx.x & m) >> 1] = threadIdx.x;
}
