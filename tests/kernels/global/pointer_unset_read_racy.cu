// expect-verdict: racy
//--blockDim=256 --gridDim=64
// (Found once the store case was fixed: the selector named alias arrays by
// an id the next lowering round did not give them.) Threads with gid <= 5
// never assign `r`, which may then hold the address
// of `q`: their read races with another thread's store to `q`.

__global__ void pointer_unset_read_racy(float *p, float *q, float *o) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    float *r;
    if (gid > 5) {
        r = p;
    }
    o[gid] = r[gid]; //~ race
    q[gid + 1] = 2.0f; //~ race
}
