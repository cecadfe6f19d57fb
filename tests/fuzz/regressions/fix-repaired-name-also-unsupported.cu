// fuzz: fix: kernel two_races reported repaired re-checks as unsupported
__global__ two_races({__global__ two_races(){__shared__ int B[];tid y=B[1];//
    B[tid]=y;}