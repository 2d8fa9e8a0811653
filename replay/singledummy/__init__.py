"""Single-dummy analysis: what a seat knows, the layouts consistent with it, and the
value of every card from that knowledge."""
