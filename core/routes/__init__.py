"""Route search and checking: the track graph, the compiled route enumerator, the independent
checker, the solve pipeline (``solve``), keeping declared routes, and verifying a declared run.
"""
