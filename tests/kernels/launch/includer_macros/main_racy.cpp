// The racy twin's program: a header defining a wider block, then the kernel.
#include "bins_wide.h"
#include "merge_bins_racy.cu"

int main() {
    return 0;
}
