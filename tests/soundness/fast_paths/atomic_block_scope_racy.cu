// Claimed race: atomicAdd_block is atomic only within a block; threads of different blocks
// updating out[0] race with each other.
__global__ void atomic_block_scope(int *out) {
  atomicAdd_block(&out[0], 1);
}
