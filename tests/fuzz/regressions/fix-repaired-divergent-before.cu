// fuzz: fix: kernel crossed_roles reported repaired re-checks as divergent (the input's named barrier deadlock, not fix's doing)
//--blockDim=64 --gridDim=1
__global__ crossed_roles(float*out){__shared__ float s[];s[threadIdx.x]=threadIdx;if(threadIdx.x<32){asm("bar 1,64");//
    }out[threadIdx.x]=s[threadIdx];//
}