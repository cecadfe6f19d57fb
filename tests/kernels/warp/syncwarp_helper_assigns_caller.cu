// expect-verdict(by_reference): racy
// expect-verdict(comma): racy
// expect-verdict(own_locals): racy
//--blockDim=32 --gridDim=1
// A statement holding a `__syncwarp()` that also assigns a variable of the
// kernel: through a helper's by-reference parameter (`by_reference`) or a
// comma expression (`comma`). Moving it below the store would order the
// race but store a different value (0 instead of 1), so the quick fix must
// not move it; it inserts a barrier instead. A helper assigning only its
// own locals around the barrier (`own_locals`, a by-value parameter) is a
// plain barrier: the quick fix moves its call below the store.

__device__ void warp_step(int &phase) {
    phase += 1;
    __syncwarp();
}

__device__ void warp_step_copy(int phase) {
    phase += 1;
    __syncwarp();
}

__global__ void by_reference(float *out) {
    __shared__ float s[32];
    int phase = 0;
    warp_step(phase);
    s[threadIdx.x] = phase; //~ race write-read
    out[threadIdx.x] = s[(threadIdx.x + 1) % 32]; //~ race read-write
}

__global__ void comma(float *out) {
    __shared__ float s[32];
    int k = 0;
    __syncwarp(), k++;
    s[threadIdx.x] = k; //~ race write-read
    out[threadIdx.x] = s[(threadIdx.x + 1) % 32]; //~ race read-write
}

__global__ void own_locals(float *out) {
    __shared__ float s[32];
    int phase = 0;
    warp_step_copy(phase);
    s[threadIdx.x] = phase; //~ race write-read
    out[threadIdx.x] = s[(threadIdx.x + 1) % 32]; //~ race read-write
}
