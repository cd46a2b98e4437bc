"""The command line: ``trainrun`` and its subcommands (``main``), and the progress line of a
long solve.
"""
