"""Benchmarking and batches: many positions solved and checked (``batch``), the corpus
benchmark (``corpus``), its report and plots.
"""
