//! Line index: byte offsets <-> (line, character) in UTF-8 or UTF-16 code units.
