"""
Common neural network-specific helper functions.

The ``neural_nets.utils` module contains neural network-specific helper
functions, primarily for dealing with CNNs.
"""

from .utils import *
