//! Traversals of the label tree: statement lookup, loops(l), conds(l).
