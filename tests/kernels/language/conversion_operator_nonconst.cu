// expect-verdict(reads_only): race-free
// expect-verdict(advances): unsupported
// expect-verdict(through_operator): unsupported
//--blockDim=64 --gridDim=1
// Non-const conversion operators. One that stores nothing runs on a copy of
// the object like a const one (thread t reads g_s[t] it wrote). One that
// changes the object (`return i++;`) is unsupported: the checker converts a
// copy and would miss the change (the second `s[c]` below writes s[2t + 1]);
// so is one whose body runs other code that may (a class operator here).

__device__ int g_s[64];

struct Plain {
  int i;
  __device__ operator int() { return g_s[i]; }
};

struct Cursor {
  int i;
  __device__ operator int() { return i++; }
};

__global__ void reads_only(int *out) {
  int t = threadIdx.x;
  g_s[t] = t;
  Plain p{t};
  out[t] = p;
}

__global__ void advances(int *out) {
  __shared__ int s[128];
  int t = threadIdx.x;
  Cursor c{2 * t};
  s[c] = 1;
  s[c] = 2;
  out[t] = s[(2 * t + 3) % 128];
}

struct Stepper {
  int i;
  __device__ int operator-() { return -(i++); }
  __device__ operator int() { return -(-*this); }
};

__global__ void through_operator(int *out) {
  __shared__ int s[128];
  int t = threadIdx.x;
  Stepper c{2 * t};
  s[c] = 1;
  s[c] = 2;
  out[t] = s[(2 * t + 3) % 128];
}
