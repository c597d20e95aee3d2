"""heat-conv-bench: measure any Heat v1 endpoint (see cli.py)."""
