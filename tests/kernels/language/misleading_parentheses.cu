// expect-verdict: race-free
//--blockDim=256 --gridDim=4
// Parenthesized operands as macros write them: `(lo) && (x)` is not a cast
// of `&&(x)`, and `row < (a) && col > (b)` is not a call of a template `row`.
// Each thread writes only its own element.

#define IN_RANGE(x, lo, hi) ((x) >= (lo) && (x) <= (hi))
#define TOLOWER(c) (('A' <= (c) && (c) <= 'Z') ? ((c) - 'A' + 'a') : (c))

__global__ void in_range(int *out, const char *text, int lo, int hi) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int row = threadIdx.x, col = threadIdx.y;
  if (IN_RANGE(i, lo, hi))
    out[i] = TOLOWER(text[i]);
  if (row > (lo - 1) && row < (lo + hi) && col > (hi - 1) && col < (lo + hi))
    out[i] += static_cast<int>(text[i]) + (int)(text[i]);
}
