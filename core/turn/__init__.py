"""The turn engine: the engine's walk over track, tile lays, tokens, private companies'
special lays and tokens, buying the next train, the moves of a turn, and the advisor.
"""
