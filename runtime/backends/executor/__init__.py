"""Running graphs: the reference interpreter and the compiled numpy executor."""
