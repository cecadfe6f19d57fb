// Minimal declarations of the CUDA and OpenCL builtins used by the synthesizer
// tests, so repaired kernels can be syntax-checked with g++ -fsyntax-only.
#pragma once
struct sw_dim3 {
    unsigned int x, y, z;
};
extern sw_dim3 threadIdx, blockIdx, blockDim, gridDim;
#define __global__
#define __device__
#define __shared__ static
void __syncthreads();
unsigned int atomicAdd(unsigned int *address, unsigned int value);
int atomicAdd(int *address, int value);

// OpenCL C compiled as C++.
#define __kernel
#define __global
#define __local static
#define CLK_LOCAL_MEM_FENCE 1
#define CLK_GLOBAL_MEM_FENCE 2
int get_local_id(int);
int get_group_id(int);
int get_local_size(int);
int get_num_groups(int);
void barrier(int);
