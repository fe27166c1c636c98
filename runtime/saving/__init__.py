"""Graphs that outlive the program: saved models (`rt.saved_model`) and checkpoints (`rt.train`)."""
