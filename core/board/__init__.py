"""The board model: the hex grid, tiles, a title's static data, positions and the turn's state,
and the checks of a position's board against its title. Knows no title and asks it nothing.
"""
