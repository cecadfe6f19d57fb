// Fig. 4 indented with tabs, with a trailing comment after the read.
__global__ void fig4_tabs(int n) {
	__shared__ int A[64];
	int tid = threadIdx.x;
	for (int i = 0; i < n; i++) {
		int x = A[tid + 1]; // neighbour
		A[tid] = x;
	}
}
