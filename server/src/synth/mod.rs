//! Barrier synthesis: cost-optimal insertion, removal and repair (MaxSAT on Z3).
