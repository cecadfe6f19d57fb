// Another unit of the program: calls the wrapper of wrapper_constant_racy.cu
// with a length beyond the columns.
struct Columns;
void launch_columns_elsewhere(Columns *d, const unsigned int n);

void run_long(Columns *d) { launch_columns_elsewhere(d, 3000); }

// Calls of the wrappers of wrapper_block_kept.cu and its racy twin.
void launch_pairs(float *d, int n);
void launch_pairs_threads(float *d, int n, int threads);

void run_pairs(float *d) {
    launch_pairs(d, 8192);
    launch_pairs_threads(d, 8192, 256);
}
