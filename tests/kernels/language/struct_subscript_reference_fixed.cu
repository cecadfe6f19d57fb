// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// Each thread writes its own element through a reference-returning
// `operator[]` and a member function returning `*this`; `Pair::get`
// returns a value (only `Cell`'s member of that name returns a reference).

struct Buffer {
    int *p;
    __device__ int &operator[](int i) { return p[i]; }
};

struct Cell {
    int value;
    __device__ Cell &self() { return *this; }
    __device__ int &get() { return value; }
};

struct Pair {
    int x, y;
    __device__ Pair get() const { return *this; }
};

__global__ void struct_subscript_reference_fixed(int *out) {
    __shared__ int s[64];
    __shared__ Cell cells[64];
    Buffer b;
    b.p = s;
    b[threadIdx.x] = threadIdx.x;
    cells[threadIdx.x].self().value = 1;
    cells[threadIdx.x].get() += 1;
    Pair p = {(int)threadIdx.x, 0};
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x] + cells[threadIdx.x].value + p.get().x;
}
