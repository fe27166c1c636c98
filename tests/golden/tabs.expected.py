# Converted by agconvert: edit the original module, not this file.
from runtime import ag as ag__
ag__ = ag__.bind(globals())

def tabbed(xs):
	"""Indented with tabs."""
	with ag__.FunctionScope('tabbed', 'fscope', ag__.STD) as fscope:
		x: ag__.local
		out = []

		def get_state():
			return (out,)

		def set_state(vars_):
			nonlocal out
			(out,) = vars_

		def loop_body(itr):
			nonlocal x
			x = itr
			ag__.if_stmt(x, if_body_1, None, get_state, set_state, ('out',), 1)

		def if_body_1():
			nonlocal out
			out = ag__.list_append(out, x)
		ag__.for_stmt(xs, None, loop_body, get_state, set_state, ('out',), {'iterate_names': 'x'})
		return out
__ag_source_map__ = ag__.SourceMap('tabs.py', '5:1,7=1,9:3,11=4,21=5,25:6,26=4,27:7', 'a4dd6b9960f8c74e')
