"""Rozbor hry: the engine's review of a finished game on the site (engine/review does the
estimating; here: the job that computes it once in the background, and its pages)."""
