// expect-verdict: racy
//--blockDim=64 --gridDim=1
// The twin of struct_static_member_layout.cu whose float view is one cell
// off: thread t writes cell t + 1's v[0], which thread t + 1 writes too.

struct Cell2 {
    static const int K = 4;
    enum { A, B };
    float v[4];
};

__global__ void static_member_cells_racy(Cell2 *c) {
    float *flat = (float *)c;
    c[threadIdx.x].v[0] = 1.f; //~ race write-write
    flat[4 * threadIdx.x + 4] = (float)threadIdx.x;
}
