"""Title plugins: one sub-package per title (``g<title>``: its data and a small module of
hooks), the hookspecs every title may implement (``hookspecs``), the shared engine rules
registered before every title (``defaults``), the public API titles import (``api``), and
the writer of their reference page, docs/plugins.md (``reference``).

Titles are found through the entry-point group ``trainrun.titles`` by
``trainrun.registry``.
"""
