// Includes the kernel file twice, under other macros each time (an X-macro
// file): a kernel of 64-thread blocks, then one of 128-thread blocks.
#define KNAME merge_narrow
#define LNAME run_narrow
#define BINS 64
#include "xmacro_bins_racy.cu"
#undef KNAME
#undef LNAME
#undef BINS
#define KNAME merge_wide
#define LNAME run_wide
#define BINS 128
#include "xmacro_bins_racy.cu"

int main() {
    return 0;
}
