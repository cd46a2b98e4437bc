"""Game-log replay and audit: following an 18xx.games game file action by action to the
positions of its runs (``gamelog``), the forks a replay may take (``replayfork``), and the
audit of every declared run in a game (``audit``).
"""
