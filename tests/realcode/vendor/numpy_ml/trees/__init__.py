from . import losses
from .dt import *
from .rf import *
from .gbdt import *
