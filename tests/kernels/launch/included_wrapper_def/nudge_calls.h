// Calls of run_nudge_unread for another program: one buffer in place.
void run_nudge_unread(float *x, float *y);

inline void nudge_in_place(float *d) { run_nudge_unread(d, d); }
