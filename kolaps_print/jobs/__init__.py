"""The library API: one module per job, each called by a thin CLI command."""
