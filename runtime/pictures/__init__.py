"""Pictures of graphs (`Graph.to_dot()`, `rt.autograph.render`)."""
