"""The runtime tests, one folder per runtime folder; the helpers beside this file are importable
from all of them (`equality`, `graph_helpers`, `cf_helpers`, `mutation_helpers`, `programs`,
`loading`, `random_programs`)."""
