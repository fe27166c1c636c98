"""`python -m autograph_cli` runs the agconvert command line."""
from .cli import main

main()
