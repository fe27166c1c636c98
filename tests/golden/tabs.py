def tabbed(xs):
	"""Indented with tabs."""
	out = []
	for x in xs:
		if x:
			out.append(x)
	return out
