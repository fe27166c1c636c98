"""
Common neural network loss functions.

This module implements loss objects that can be used during neural network
training.
"""

from .losses import *
