"""How many registered graph ops each backend computes, counted from the registry's tables."""
from runtime.backends import coverage


def run():
    return coverage.report().splitlines()
