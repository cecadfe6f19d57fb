// expect-verdict: racy
// One block per tile of a 2-D grid of tiles of a run-time width, the block
// index split as `bx = b % nx`, `by = (b - bx) / nx` (lone quotient and
// remainder by the symbolic width), with the tile row dropped from the cell index
// (`cell[bx]`): blocks b and b + nx (same bx, next row) write the same cell
// different values.

__global__ void tile_cell_flat(const unsigned nx, const unsigned ny, float *cell) {
    unsigned b = blockIdx.x;
    unsigned bx = b % nx;
    unsigned by = (b - bx) / nx;
    if (threadIdx.x == 0 && by < ny)
        cell[bx] = (float)by; //~ race
}
