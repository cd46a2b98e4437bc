"""The example positions and declared runs shipped with trainrun (``*.json`` beside this
file), installed as package data so the web page can offer them; ``bot_inner_loop.py``, a
bot's inner loop over the Python API (a ``TitleSolver`` trying every legal lay)."""
