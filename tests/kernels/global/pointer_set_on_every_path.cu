// expect-verdict: race-free
//--blockDim=256 --gridDim=64
// Race-free twin of pointer_set_in_one_arm_racy.cu: every path through the
// nested `if` assigns `r` (to `p` or `out`), so the store never reaches `q`.

__global__ void pointer_set_on_every_path(float *p, float *q, float *out) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    float *r;
    if (blockIdx.x < 4) {
        if (threadIdx.x < 128) {
            r = p;
        } else {
            r = out;
        }
    } else {
        r = p;
    }
    r[gid] = q[gid + 1];
}
