//! Static analyses over KPL: uniformity, loops, barrier intervals.
