"""Asking the title: the hook answer types (``rules``, ``replayrules``, ``titleinfo``) and
``answers``, the one place in core that calls a title's hooks.
"""
