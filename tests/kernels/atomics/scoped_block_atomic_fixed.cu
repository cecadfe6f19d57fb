// expect-verdict: race-free
//--blockDim=128 --gridDim=4
// The fixed twin: each block updates only its own slot with block-scoped
// atomics, and the grid-wide counter uses a device-scope atomic (`_system`
// is device-wide too).

__global__ void count(int *per_block, int *total, int *host_visible) {
  atomicAdd_block(&per_block[blockIdx.x], 1);
  atomicExch_block(&per_block[gridDim.x + blockIdx.x], threadIdx.x);
  atomicAdd(&total[0], 1);
  atomicAdd_system(&host_visible[0], 1);
}
