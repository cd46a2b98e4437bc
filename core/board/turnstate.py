"""What a position says about the operating turn: cash, the lays already made, the step.

A position read for a run needs none of this; a position read to lay track (``trainrun.turn.lays``)
does. Two input forms, as for the rest of a position:

* own format: top-level ``cash`` and ``turn`` ``{lays, upgraded, laid_hexes, step, entity,
  next_lay, ability, pending_tokens, tokened}`` (see ``position.schema.json``);
* a line of the legal-move set (``tests/data/moves/FORMAT.md``): ``cash``, ``step``,
  ``entity`` (with ``entity_type`` ``company`` for a private's ability), ``allowance``
  (``laid_this_turn``, ``upgraded_this_turn``, ``laid_hexes``, ``next_lay``, ``ability``)
  and ``pending_token`` (``{hexes, company}``).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

from trainrun.errors import InputError

STEPS = ("Track", "SpecialTrack", "Token", "HomeToken", "SpecialToken", "Route")
# the company's turn past its lay and token steps (engine round/operating.rb: step/track.rb
# and step/token.rb passed, ``pass!``): its run, dividend and train purchases; no lay or
# token of its own is left this turn
ROUTE_STEP = "Route"
# the engine's shared step laying tiles and placing tokens in one, in any order (engine
# step/track_and_token.rb; 1846): a moment of it is its lay step's or its token step's
TRACK_AND_TOKEN = {"lay_tile": "Track", "place_token": "Token"}
# a title's own step of a private's lay and token (``TitleInfo.private_steps``)
PRIVATE_STEPS = {"lay_tile": "SpecialTrack", "place_token": "SpecialToken"}


@dataclass(frozen=True)
class LayRight:
    """One lay a title grants per turn (the engine's ``TILE_LAYS`` entry): whether it may be
    a yellow lay and an upgrade (``True``, ``False`` or ``"not_if_upgraded"``: only while no
    upgrade was made this turn), the fee added to a yellow lay and to an upgrade, and whether
    it may go on a hex already laid this turn."""

    lay: bool | str = True
    upgrade: bool | str = True
    cost: int = 0
    upgrade_cost: int | None = None
    cannot_reuse_same_hex: bool = False

    def resolved(self, upgraded: bool) -> LayRight:
        """This right with ``not_if_upgraded`` decided by whether an upgrade was made."""
        def decide(value):
            return (not upgraded) if value == "not_if_upgraded" else bool(value)
        return LayRight(decide(self.lay), decide(self.upgrade), self.cost,
                        self.cost if self.upgrade_cost is None else self.upgrade_cost,
                        self.cannot_reuse_same_hex)


@dataclass(frozen=True)
class Turn:
    """The operating turn so far: ``cash`` of whoever pays (None: not stated, never a limit),
    ``lays`` made, whether one was an ``upgraded`` lay, the ``laid_hexes``, the ``step``
    acting, the private ``entity`` using its ability (its sym or name; None: the company
    itself) with that ``ability`` as the position states it (its hexes, tiles, count, ...:
    what it leaves out comes from the title's data for that private,
    ``trainrun.turn.abilities.acting_ability``), and ``next_lay`` when the position states
    the next lay's right itself (it then wins over the title's list). ``pending_tokens``
    are the tokens a lay lifted off a trackless hex of several cities, (hex, company) each,
    first first: in the ``HomeToken`` step the operator places each again in a city of its
    hex (engine step/tracker.rb ``update_token!``, ``TOKEN_PLACEMENT_ON_TILE_LAY_ENTITY``
    ``current_operator``). A ``step`` of ``ROUTE_STEP`` is past both the lays and the
    tokens (``step_refusal``); ``tokened``: the company has placed its token of a step that
    lays and tokens in one (engine step/track_and_token.rb ``@tokened``): its lays go on,
    its own token is done."""

    cash: int | None = None
    lays: int = 0
    upgraded: bool = False
    laid_hexes: tuple[str, ...] = ()
    step: str = "Track"
    entity: str | None = None
    ability: dict | None = None
    next_lay: LayRight | None = None
    pending_tokens: tuple[tuple[str, str], ...] = ()
    tokened: bool = False


def step_refusal(turn: Turn, company: str, kind: str) -> str | None:
    """Why ``company`` may make no ``kind`` move (``"lay"`` or ``"token"``) in ``turn``'s
    step, or None: in ``ROUTE_STEP`` its lay and token steps are over (engine
    round/operating.rb: a passed step takes no action)."""
    if turn.step == ROUTE_STEP:
        return (f"{company} is past its lay and token steps this turn (step {ROUTE_STEP}): "
                f"no {kind} is left")
    if kind == "token" and turn.tokened and turn.step in ("Track", "Token"):
        return f"{company} has placed its token this turn"
    return None


def _count(value, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InputError(where, f"expected a whole number ≥ 0, got {value!r}")
    return value


def _flag(value, where: str) -> bool:
    if not isinstance(value, bool):
        raise InputError(where, f"expected true or false, got {value!r}")
    return value


def _hexes(value, where: str, known) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(h, str) for h in value):
        raise InputError(where, f"expected a list of hex ids, got {value!r}")
    unknown = [h for h in value if h not in known]
    if unknown:
        raise InputError(where, f"unknown hex {unknown[0]!r}")
    return tuple(value)


def _right(value, where: str) -> LayRight:
    fields = {"lay", "upgrade", "cost", "upgrade_cost", "cannot_reuse_same_hex"}
    if not isinstance(value, dict) or not set(value) <= fields:
        raise InputError(where, f"expected an object with {', '.join(sorted(fields))}")
    for key in ("lay", "upgrade"):
        if key in value and value[key] not in (True, False, "not_if_upgraded"):
            raise InputError(f"{where}.{key}", f"expected true, false or \"not_if_upgraded\", "
                                               f"got {value[key]!r}")
    cost = _count(value.get("cost", 0), f"{where}.cost")
    upgrade_cost = value.get("upgrade_cost")
    return LayRight(value.get("lay", True), value.get("upgrade", True), cost,
                    None if upgrade_cost is None else _count(upgrade_cost, f"{where}.upgrade_cost"),
                    _flag(value.get("cannot_reuse_same_hex", False),
                          f"{where}.cannot_reuse_same_hex"))


def _pending(value, where: str, known) -> tuple[tuple[str, str], ...]:
    """``[{hex, company}, ...]`` as (hex, company) pairs."""
    if not isinstance(value, list):
        raise InputError(where, f"expected a list of {{hex, company}}, got {value!r}")
    out = []
    for i, entry in enumerate(value):
        if not isinstance(entry, dict) or set(entry) != {"hex", "company"} or not all(
                isinstance(v, str) for v in entry.values()):
            raise InputError(f"{where}[{i}]", f"expected {{hex, company}}, got {entry!r}")
        out.append((_hexes([entry["hex"]], f"{where}[{i}].hex", known)[0], entry["company"]))
    return tuple(out)


def _moves_pending(value, known) -> tuple[tuple[str, str], ...]:
    """A legal-move line's ``pending_token`` ``{hexes, company}``: one hex, as a lay lifts."""
    if value is None:
        return ()
    if not isinstance(value, dict) or set(value) != {"hexes", "company"}:
        raise InputError("pending_token", f"expected {{hexes, company}}, got {value!r}")
    hexes = _hexes(value["hexes"], "pending_token.hexes", known)
    if len(hexes) != 1 or not isinstance(value["company"], str):
        raise InputError("pending_token", f"expected one hex and a company, got {value!r}")
    return ((hexes[0], value["company"]),)


def _step(value, where: str) -> str:
    if value not in STEPS:
        raise InputError(where, f"expected one of {', '.join(STEPS)}, got {value!r}")
    return value


def _moves_step(data: dict, private_steps: tuple[str, ...]) -> str:
    """A legal-move line's step; ``TrackAndToken`` is read by the line's ``kind`` (its lay
    or its token moment), and so is one of the title's ``private_steps`` (a private's lay
    or its token: ``PRIVATE_STEPS``)."""
    step = data.get("step", "Track")
    if step == "TrackAndToken" and data.get("kind") in TRACK_AND_TOKEN:
        return TRACK_AND_TOKEN[data["kind"]]
    if step in private_steps and data.get("kind") in PRIVATE_STEPS:
        return PRIVATE_STEPS[data["kind"]]
    return _step(step, "step")


def _cash(data: dict) -> int | None:
    return None if data.get("cash") is None else _count(data["cash"], "cash")


def turn_from_own(data: dict, hexes) -> Turn:
    """The own format's ``cash`` and ``turn``."""
    turn = data.get("turn") or {}
    if not isinstance(turn, dict):
        raise InputError("turn", f"expected a JSON object, got {turn!r}")
    entity = turn.get("entity")
    if entity is not None and not isinstance(entity, str):
        raise InputError("turn.entity", f"expected a private company's name, got {entity!r}")
    ability = turn.get("ability")
    if ability is not None and not isinstance(ability, dict):
        raise InputError("turn.ability", f"expected a JSON object, got {ability!r}")
    return Turn(cash=_cash(data), lays=_count(turn.get("lays", 0), "turn.lays"),
                upgraded=_flag(turn.get("upgraded", False), "turn.upgraded"),
                laid_hexes=_hexes(turn.get("laid_hexes", []), "turn.laid_hexes", hexes),
                step=_step(turn.get("step", "Track"), "turn.step"), entity=entity,
                ability=ability,
                next_lay=None if turn.get("next_lay") is None
                else _right(turn["next_lay"], "turn.next_lay"),
                pending_tokens=_pending(turn.get("pending_tokens", []), "turn.pending_tokens",
                                        hexes),
                tokened=_flag(turn.get("tokened", False), "turn.tokened"))


def turn_from_moves(data: dict, hexes, private_steps: tuple[str, ...] = ()) -> Turn:
    """A legal-move line's ``cash``, ``step``, ``entity`` and ``allowance``; the title's
    ``private_steps`` are read as the shared steps of a private (``_moves_step``)."""
    allowance = data.get("allowance") or {}
    if not isinstance(allowance, dict):
        raise InputError("allowance", f"expected a JSON object, got {allowance!r}")
    private = data.get("entity") if data.get("entity_type") == "company" else None
    return Turn(cash=_cash(data),
                lays=_count(allowance.get("laid_this_turn", 0), "allowance.laid_this_turn"),
                upgraded=_flag(allowance.get("upgraded_this_turn", False),
                               "allowance.upgraded_this_turn"),
                laid_hexes=_hexes(allowance.get("laid_hexes", []), "allowance.laid_hexes", hexes),
                step=_moves_step(data, private_steps), entity=private,
                ability=allowance.get("ability"),
                next_lay=None if allowance.get("next_lay") is None
                else _right(allowance["next_lay"], "allowance.next_lay"),
                pending_tokens=_moves_pending(data.get("pending_token"), hexes))


def turn_to_own(turn: Turn) -> dict:
    """The own format's ``cash`` and ``turn`` keys for ``turn`` (only what differs from the
    start of a turn)."""
    out: dict[str, object] = {}
    if turn.cash is not None:
        out["cash"] = turn.cash
    written = {"lays": turn.lays, "upgraded": turn.upgraded, "laid_hexes": list(turn.laid_hexes),
               "step": turn.step, "entity": turn.entity, "ability": turn.ability,
               "next_lay": None if turn.next_lay is None else asdict(turn.next_lay),
               "pending_tokens": [{"hex": h, "company": c} for h, c in turn.pending_tokens],
               "tokened": turn.tokened}
    start = {**asdict(Turn()), "laid_hexes": [], "pending_tokens": []}
    kept = {k: v for k, v in written.items() if v != start[k]}
    if kept:
        out["turn"] = kept
    return out
