"""The formats read and written: a position from trainrun's own format or a corpus line
(``reading``), and the text a player reads (``text``).
"""
