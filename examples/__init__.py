"""The example positions and declared runs shipped with trainrun (``*.json`` beside this
file), installed as package data so the web page can offer them."""
