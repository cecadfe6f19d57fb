// expect-verdict(qualified): unsupported
// expect-verdict(closed_block): unsupported
// A launch argument's type is taken from its declaration only when that
// declaration is certain to be the one in scope: a name declared twice in
// the launching function or declared only in a block already closed at the
// launch (the name then means the namespace-scope `Mod4 g`, whose indices
// collide) deduces nothing, nor does a qualified name: the parameter keeps
// the sound fallback (opaque; the call through it is refused, never taken
// as the `Ident` of the closed block).

struct Mod4 {
  __device__ int operator()(int i) const { return i % 4; }
};

struct Ident {
  __device__ int operator()(int i) const { return i; }
};

Mod4 g;

template <typename F>
__global__ void qualified(float *out, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[f(i)] = i;
}

template <typename F>
__global__ void closed_block(float *out, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[f(i)] = i;
}

int main() {
  float *a;
  {
    Ident g;
    (void)g;
  }
  qualified<<<4, 256>>>(a, ::g);
  closed_block<<<4, 256>>>(a, g);
}
