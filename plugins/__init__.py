"""Title plugins: one sub-package per title (``g<title>``: its data and a small module of
hooks), the hookspecs every title may implement (``hookspecs``), the shared engine rules
registered before every title (``defaults``), and the public API titles import (``api``).

Titles are found through the entry-point group ``trainrun.titles`` by
``trainrun.registry``.
"""
