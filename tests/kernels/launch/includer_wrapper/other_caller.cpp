// Another unit calling the wrapper of pair_scan_other.cpp with a half of 64.
void run_pairs_other(float *d, unsigned int half);

void scan_narrow(float *d) { run_pairs_other(d, 64); }
