// Another unit instantiating the wrapper of histogram_other_caller_racy.cuh
// with 16 channels (its definition is linked from an explicit
// instantiation elsewhere in a real program; naming it is what counts).
template <int CHANNELS, int BINS>
void run_partial_other(const unsigned char *in, int n, unsigned int *d_parts);

void wide_histogram(const unsigned char *in, int n, unsigned int *d_parts) {
    run_partial_other<16, 256>(in, n, d_parts);
}
