"""Utilities module"""
# Vendored subset (see ../../README.md): upstream also imports data_structures
# (`from collections import Hashable`, removed in Python 3.10) and graphs,
# which are not vendored.

from . import testing
from . import distance_metrics
from . import kernels
from . import windows
from . import misc
