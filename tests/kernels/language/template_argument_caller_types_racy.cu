// expect-verdict: racy
//--blockDim=64 --gridDim=1
// Review finding: `put<int, T>` names the caller's `T` (= char), not the
// callee's first parameter `T` (= int) bound just before: every explicit
// template argument is read in the caller's context ([temp.arg]). With
// U = char, thread 1's byte store and thread 0's `buf[1]` meet.

template <typename T, typename U> __device__ void put(unsigned char *buf, unsigned i) {
    U *p = (U *)buf;
    p[i] = 1; //~ race write-write
    buf[4 * i + 1] = 2; //~ race write-write
}
template <typename T> __device__ void mid(unsigned char *buf) { put<int, T>(buf, threadIdx.x); }
__global__ void k(unsigned char *buf) { mid<char>(buf); }
