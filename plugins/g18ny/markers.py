"""Where 18NY's connection-bonus and coal markers lie when a game starts (engine
``CONNECTION_BONUS_HEXES``, ``COAL_LOCATIONS``; facts of the map)."""

CONNECTION_BONUS, COAL = "connection_bonus", "coal"
# the income a company holds from each, in ``title_state`` (docs/rules/18ny.md)
INCOME = {CONNECTION_BONUS: "connection_bonus_revenue", COAL: "coal_revenue"}
INCOME_KEYS = tuple(INCOME.values())

# the first hex of each connection-bonus location carries its marker
CONNECTION_BONUS_HEXES = ("A13", "A19", "A23", "C25", "G25", "D0", "J26", "B12", "C11", "C23",
                          "D18", "D20", "E9", "F10", "F12", "G9", "G13", "G19", "G21", "I19",
                          "I23", "J18", "J22", "K19", "K21")
# each coal location's hexes; its marker lies on the last, a claim takes the location
COAL_LOCATIONS = (("F0", "G1"), ("H2", "H4"), ("H6", "H8", "H10"), ("H12",), ("I13", "J14"),
                  ("K15", "K17"))
