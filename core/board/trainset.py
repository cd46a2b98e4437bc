"""``--trains``: run a chosen subset, or a hypothetical set, of trains ("what if I buy X").

``with_trains(position, "8,8,6")`` is the position with the company holding those
trains instead of its own: a name the company holds keeps that train's id (each held
train used once), any other gets the id ``<name>-<n>``; names are checked against the
title's trains like a position's own.
"""
from __future__ import annotations

import dataclasses

from trainrun.board.board_input import trains_field
from trainrun.board.position import Position
from trainrun.errors import InputError


def train_names(spec) -> list[str]:
    """The names in ``spec``: a list of names, or text such as ``"8,8,6"`` or ``"4+4+5"``."""
    if isinstance(spec, str):
        spec = [name.strip() for name in spec.replace("+", ",").split(",")]
    if not isinstance(spec, (list, tuple)) or not spec or not all(
            isinstance(name, str) and name for name in spec):
        raise InputError("trains", f"expected train names such as '8,8,6', got {spec!r}")
    return list(spec)


def with_trains(position: Position, spec) -> Position:
    """``position`` with the operating company running the trains named in ``spec``."""
    held = list(position.trains)
    taken = {t.id for t in held}
    rows = []
    for n, name in enumerate(train_names(spec)):
        mine = next((t for t in held if t.name == name), None)
        if mine is not None:
            held.remove(mine)
            rows.append({"id": mine.id, "name": name})
            continue
        k = n
        while f"{name}-{k}" in taken:
            k += 1
        taken.add(f"{name}-{k}")
        rows.append({"id": f"{name}-{k}", "name": name})
    trains = trains_field(position.title, rows)
    own = {t.id: t for t in position.trains}
    # a held train keeps what the position said of it (its distance or multiplier)
    return dataclasses.replace(position, trains=[own.get(t.id, t) for t in trains])
