// Inline definitions of wide.cpp: a call of run_slots with 64 threads.
void run_slots(int *d, int threads);

inline void run_wide(int *d) { run_slots(d, 64); }
