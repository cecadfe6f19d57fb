// expect-verdict: racy
//--blockDim=128 --gridDim=4
// `atomicAdd_block` is atomic only among the threads of one block: threads
// of two blocks adding to the same global counter race (a scoped race).
// Within a block the same updates are atomic, and the device-scope update of
// `total` is atomic for everyone.

__global__ void count(int *per_block, int *shared_counter, int *total) {
  atomicAdd_block(&per_block[blockIdx.x], 1);
  atomicAdd_block(&shared_counter[0], 1); //~ race write-write
  atomicAdd(&total[0], 1);
}
