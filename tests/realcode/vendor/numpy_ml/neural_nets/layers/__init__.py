from .layers import *
