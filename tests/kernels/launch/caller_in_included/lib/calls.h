// A call of the wrapper with 64 threads, in a header only wide.cpp reaches.
void run_slots(int *d, int threads);

inline void run_wide(int *d) { run_slots(d, 64); }
