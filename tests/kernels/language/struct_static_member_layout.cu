// expect-verdict: race-free
//--blockDim=64 --gridDim=1
// A static member and a nested enum take no room in the object: sizeof(Cell)
// is 16, so the float thread t writes (4 * t + 2, its cell's v[2])
// is its own. (Counting K and the enum as members made cells 24 bytes apart,
// and thread 3's float the v[0] of cell 2.)

struct Cell {
    static const int K = 4;
    enum { A, B };
    float v[4];
};

__global__ void static_member_cells(Cell *c) {
    float *flat = (float *)c;
    c[threadIdx.x].v[0] = 1.f;
    flat[4 * threadIdx.x + 2] = (float)threadIdx.x;
}
