"""One module per family of sandbox kinds."""
