// A program including two kernel files, each directive with a block comment
// spanning two lines between `#` and `include` (a comment is one space).
#define WG_SC 128
#define WG_SCR 256
# /* the
     race-free kernel */ include "splitcomment_scale.cu"
#/* the racy
   kernel */include "splitcomment_scale_racy.cu"
int main() {
    float *d;
    cudaMalloc(&d, 4096);
    run_splitcomment_scale(d);
    run_splitcomment_scale_racy(d);
    return 0;
}
