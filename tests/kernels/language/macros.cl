// expect-verdict: racy
//--local_size=[16,16] --num_groups=[4,4]

#define TILE 16
#define WIDTH (4 * TILE)
#define AT(tile, r, c) tile[(r) * TILE + (c)]

__kernel void transpose_unsynced(__global const float *in, __global float *out) {
    __local float tile[TILE * TILE];
    size_t tx = get_local_id(0), ty = get_local_id(1);
    size_t x = get_group_id(0) * TILE + tx;
    size_t y = get_group_id(1) * TILE + ty;
    AT(tile, ty, tx) = in[y * WIDTH + x];
    size_t ox = get_group_id(1) * TILE + tx;
    size_t oy = get_group_id(0) * TILE + ty;
    out[oy * WIDTH + ox] = AT(tile, tx, ty); //~ race read-write
}
