// expect-verdict: racy
//--blockDim=256 --gridDim=64
// As pointer_unset_read_racy.cu with an atomic through `r`: an atomic and a
// plain store to one address race.

__global__ void pointer_unset_atomic_racy(float *p, float *q) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    float *r;
    if (gid > 5) {
        r = p;
    }
    atomicAdd(&r[gid], 1.0f); //~ race
    q[gid + 1] = 2.0f; //~ race
}
