//! Launch configuration resolution: CLI flags > header comment > syncwright.toml >
//! `__launch_bounds__` > symbolic.
