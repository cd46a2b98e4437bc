"""Private companies' abilities as data: the 18xx.games engine's ability entries of a
title's private companies (``Title.privates``, read from the title's ``privates.json``),
read into typed objects the shared turn engine follows, with no table per title.

Reading (``read_ability``): each entry has the engine's ``type`` and fields (``hexes``,
``tiles``, ``count``, ``when``, ``owner_type``, ...), with the engine's defaults where a field
is left out (``Engine::Ability::*#setup``). The types read and what the shared rules do
with them:

* ``tile_lay`` (``TileLayAbility``): the private's own lays, step ``SpecialTrack``
  (``trainrun.turn.special_track``);
* ``teleport`` (``TeleportAbility``): a tile on its hex, reached or not, as the company's
  lay, then a token there (``special_track``, then ``special_token``);
* ``token`` (``TokenAbility``): the private's own token, step ``SpecialToken``
  (``trainrun.turn.special_token``);
* ``blocks_hexes`` (``BlocksHexes``): no lay on its hexes while the private's holder is of
  its ``owner_type`` (``blocking_refusal``);
* ``tile_discount`` (``TileDiscount``): terrain (or, with no terrain, whole-lay) discounts
  in the lays of the company owning the private (``terrain_discount``,
  ``border_discount``, ``lay_discount``);
* ``assign_hexes`` (``AssignHexes``) and ``hex_bonus`` (``HexBonus``): read, their effect is
  the title's (the engine's titles score a bonus hex, or what an assignment does, each
  their own way; 1817's bridges reach its route bonus as board markers).

Types that change nothing of routes, lays or tokens (``IGNORED``: shares, closing, buying
rules, train discounts, ...) are ignored. Any other type, a field the shared rules do not
follow, or data they cannot read, is named by ``unreadable(title)``.

Who holds a private: ``position.privates`` (keyed by the private's ``sym`` or name:
``company`` the operating company, ``president`` its president, ``player`` another player,
``other`` another company; a private not named there is closed or not known). The live
state of the abilities of the privates the company holds is ``position.abilities``
(the engine's ``{type, count}`` entries; an ``owner`` names the private where given): it
wins over the data's ``count`` (``held``).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from trainrun.board.position import Position
from trainrun.board.title import Title
from trainrun.errors import InputError

# ---- the typed abilities ---------------------------------------------------------------


@dataclass(frozen=True)
class Ability:
    """What every engine ability has (``Ability::Base``): the holder it works for
    (``owner_type``: ``player``, ``corporation`` or None for either), when it may be used
    (``when``; none: whenever it applies) and its uses left (``count``; None: no limit)."""

    type: ClassVar[str] = ""
    owner_type: str | None = None
    when: tuple[str, ...] = ()
    count: int | None = None


@dataclass(frozen=True)
class TileLayAbility(Ability):
    """``tile_lay``: lays on its ``hexes`` (its company's reach when none are listed) of its
    ``tiles`` (any when none are listed). ``special``: a tile need only follow the colour
    order and keep the old track; ``connect``: each further lay of a two-hex ability meets a
    tile laid before (None: the title says, ``trainrun_special_lay_connects``);
    ``consume_tile_lay``: it spends the company's lay and its fee; ``free``, ``discount``,
    ``cost``: what it pays."""

    type: ClassVar[str] = "tile_lay"
    hexes: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()
    free: bool = False
    discount: int = 0
    reachable: bool = False
    special: bool = True
    consume_tile_lay: bool = False
    connect: bool | None = None
    cost: int = 0
    must_lay_together: bool = False
    must_lay_all: bool = False
    closed_when_used_up: bool = False


@dataclass(frozen=True)
class TeleportAbility(Ability):
    """``teleport``: one of its ``tiles`` on one of its ``hexes``, reached or not, as the
    company's lay (free with ``free_tile_lay``, plus ``cost``), then a token there, free, one
    of the company's own (``from_owner``); ``used`` once the tile is laid."""

    type: ClassVar[str] = "teleport"
    when: tuple[str, ...] = ("track",)
    hexes: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()
    cost: int = 0
    free_tile_lay: bool = False
    from_owner: bool = True
    used: bool = False


@dataclass(frozen=True)
class TokenAbility(Ability):
    """``token``: a token in a city of its ``hexes`` (any when none are listed; only city
    ``city`` when given), reached only with ``connected``, for ``price`` where the company
    reaches it and ``teleport_price`` elsewhere (the title's token cost when neither is
    given), or where it reaches it the title's price less the fraction ``discount``
    (1847 AE's Weidenthal: half); one of the company's own tokens with ``from_owner``,
    else one it brings; with ``extra_slot`` in a slot of its own beside the city's, with
    ``special_only`` never applied by itself to the company's own token."""

    type: ClassVar[str] = "token"
    hexes: tuple[str, ...] = ()
    price: int | None = None
    discount: Fraction | None = None
    teleport_price: int | None = None
    connected: bool = False
    from_owner: bool = False
    city: int | None = None
    extra_action: bool = False
    extra_slot: bool = False
    special_only: bool = False
    closed_when_used_up: bool = False


@dataclass(frozen=True)
class BlocksHexes(Ability):
    """``blocks_hexes``: no tile is laid on its ``hexes`` while its holder is of its
    ``owner_type`` (the private's own lays excepted)."""

    type: ClassVar[str] = "blocks_hexes"
    hexes: tuple[str, ...] = ()


@dataclass(frozen=True)
class AssignHexes(Ability):
    """``assign_hexes``: the private assigns one of its ``hexes`` (a marker the title
    reads), ``count`` times, for ``cost``."""

    type: ClassVar[str] = "assign_hexes"
    hexes: tuple[str, ...] = ()
    cost: int = 0
    closed_when_used_up: bool = False


@dataclass(frozen=True)
class HexBonus(Ability):
    """``hex_bonus``: ``amount`` for routes through its ``hexes``, as the title scores it."""

    type: ClassVar[str] = "hex_bonus"
    hexes: tuple[str, ...] = ()
    amount: int = 0


@dataclass(frozen=True)
class TileDiscount(Ability):
    """``tile_discount``: ``discount`` off the terrain ``terrain`` (a hex whose terrain is
    only that one, or with ``exact_match`` false any hex with it, and a border of that
    type), on its ``hexes`` (None: every hex); with no terrain, off the whole lay."""

    type: ClassVar[str] = "tile_discount"
    discount: int = 0
    terrain: str | None = None
    hexes: tuple[str, ...] | None = None
    exact_match: bool = True


# ---- reading one ability ---------------------------------------------------------------

Reader = Callable[[object, str, Title], object]


def _names(value, where: str, known, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InputError(where, f"expected a list of {what} names, got {value!r}")
    unknown = [v for v in value if v not in known]
    if unknown:
        raise InputError(where, f"unknown {what} {unknown[0]!r}")
    return tuple(value)


def _hexes(value, where: str, title: Title) -> tuple[str, ...]:
    # one hex written as a string (18NL's P1: ``hexes: 'F5'``), which the engine's
    # ``hexes.include?(hex.id)`` reads as that hex
    return _names([value] if isinstance(value, str) else value, where, title.hexes, "hex")


def _tiles(value, where: str, title: Title) -> tuple[str, ...]:
    return _names(value, where, title.tiles, "tile")


def _flag(value, where: str, title: Title) -> bool:
    if not isinstance(value, bool):
        raise InputError(where, f"expected true or false, got {value!r}")
    return value


def _amount(value, where: str, title: Title) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InputError(where, f"expected a whole number ≥ 0, got {value!r}")
    return value


def _fraction(value, where: str, title: Title) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise InputError(where, f"expected a fraction from 0 to 1, got {value!r}")
    return Fraction(value).limit_denominator(1000)


def _when(value, where: str, title: Title) -> tuple[str, ...]:
    times = [value] if isinstance(value, str) else value
    if not isinstance(times, list) or not all(isinstance(t, str) for t in times):
        raise InputError(where, f"expected a time or a list of times, got {value!r}")
    return tuple(times)


def _owner_type(value, where: str, title: Title) -> str:
    if value not in ("player", "corporation"):
        raise InputError(where, f"expected \"player\" or \"corporation\", got {value!r}")
    return value


def _word(value, where: str, title: Title) -> str:
    if not isinstance(value, str):
        raise InputError(where, f"expected a name, got {value!r}")
    return value


BASE: dict[str, Reader] = {"owner_type": _owner_type, "when": _when, "count": _amount}
FIELDS: dict[type[Ability], dict[str, Reader]] = {
    TileLayAbility: {"hexes": _hexes, "tiles": _tiles, "free": _flag, "discount": _amount,
                     "reachable": _flag, "special": _flag, "consume_tile_lay": _flag,
                     "connect": _flag, "cost": _amount, "must_lay_together": _flag,
                     "must_lay_all": _flag, "closed_when_used_up": _flag},
    TeleportAbility: {"hexes": _hexes, "tiles": _tiles, "cost": _amount,
                      "free_tile_lay": _flag, "from_owner": _flag, "used": _flag},
    TokenAbility: {"hexes": _hexes, "price": _amount, "teleport_price": _amount,
                   "discount": _fraction,
                   "connected": _flag, "from_owner": _flag, "city": _amount,
                   "extra_action": _flag, "extra_slot": _flag, "special_only": _flag,
                   "closed_when_used_up": _flag},
    BlocksHexes: {"hexes": _hexes},
    AssignHexes: {"hexes": _hexes, "cost": _amount, "closed_when_used_up": _flag},
    HexBonus: {"hexes": _hexes, "amount": _amount},
    TileDiscount: {"discount": _amount, "terrain": _word, "hexes": _hexes,
                   "exact_match": _flag},
}
TYPES: dict[str, type[Ability]] = {cls.type: cls for cls in FIELDS}

# Fields the shared rules may pass over: what the engine's step does with them changes no
# legal lay or token (``blocks``: the step waits for the private; ``remove``: when the
# ability leaves; ``hidden``: not drawn; ``owner``: the private, in a position's entries).
PASSED_OVER = frozenset({"type", "description", "desc_detail", "remove", "use_across_ors",
                         "passive", "remove_when_used_up", "blocks", "hidden", "owner",
                         "extra_action"})
# Fields the shared rules do not follow, with the engine's default: a value other than it
# makes the ability unreadable.
NOT_FOLLOWED: dict[str, dict[str, object]] = {
    "": {"count_per_or": None, "on_phase": None, "after_phase": None},
    "tile_lay": {"lay_count": None, "upgrade_count": None, "combo_entities": []},
    "token": {"neutral": False, "cheater": False, "check_tokenable": True,
              "same_hex_allowed": False},
}

# Types that change nothing of routes, lays or tokens (a reservation's slot is on the
# position's board, read with it).
IGNORED = frozenset({
    "shares", "share", "close", "no_buy", "revenue_change", "description", "exchange",
    "purchase_train", "train_discount", "train_buy", "train_limit", "train_scrapper",
    "acquire_company", "acquire_train", "sell_company", "sell_to_bank", "never_closes",
    "manual_close_company", "close_others", "float_cost", "choose", "choose_ability",
    "unparrable", "borrow_train", "train_borrow", "additional_income", "reservation"})
IGNORED_WHY = {"reservation": "its reserved slot is on the position's board (the city's "
                              "reserved tokens), read with it"}
# Types that touch lays, tokens or routes the shared rules do not read, and why.
NOT_READ = {
    "tile_income": "pays the private's holder for the terrain of a lay: not followed",
    "additional_token": "gives the company a token more: not followed (state tokens_left)",
    "blocks_hexes_consent": "blocks its hexes unless its holder consents: not followed",
    "assign_corporation": "assigns the private to a corporation: not followed",
    "blocks_partition": "blocks crossing a map partition: not followed",
    "ignore_terrain": "lets a lay ignore terrain: not followed",
}
# Types read whose effect is the title's, and why.
TITLE_EFFECT = {
    "assign_hexes": "read; what the assigned hex does is the title's (its markers)",
    "hex_bonus": "read; the engine's titles each score a bonus hex their own way",
}


def read_ability(data: dict, title: Title, where: str = "ability") -> Ability:
    """The typed ability of the engine entry ``data`` (the engine's defaults for fields left
    out or null); ``InputError`` naming the field at fault (``where.key``)."""
    if not isinstance(data, dict):
        raise InputError(where, f"expected a JSON object, got {data!r}")
    cls = TYPES.get(data.get("type"))     # type: ignore[arg-type]
    if cls is None:
        raise InputError(f"{where}.type", f"not an ability the shared rules read: "
                                          f"{data.get('type')!r}")
    values: dict[str, Any] = {}
    for key, reader in {**BASE, **FIELDS[cls]}.items():
        if data.get(key) is not None:
            values[key] = reader(data[key], f"{where}.{key}", title)
    return cls(**values)


def not_followed(data: dict) -> list[str]:
    """The fields of the engine entry ``data`` the shared rules do not follow (each as
    ``key=value``), where its value is not the engine's default."""
    cls = TYPES.get(data.get("type"))     # type: ignore[arg-type]
    known = set(BASE) | set(FIELDS.get(cls, {}) if cls else {}) | PASSED_OVER
    defaults = {**NOT_FOLLOWED[""], **NOT_FOLLOWED.get(data.get("type", ""), {})}
    out = []
    for key, value in data.items():
        if key in known:
            continue
        if key in defaults:
            if value != defaults[key] and not (value is None or value == []):
                out.append(f"{key}={value!r}")
        else:
            out.append(f"{key}={value!r}")
    return out


# ---- what the title's data says ------------------------------------------------------------

def private_sym(title: Title, key) -> str | None:
    """The ``sym`` of the private ``key`` names (its sym or its name) in the title's data;
    None when the data has no such private."""
    if not isinstance(key, str):
        return None
    if key in title.privates:
        return key
    return next((sym for sym, p in title.privates.items() if p.get("name") == key), None)


def private_name(title: Title, sym: str) -> str:
    return title.privates[sym].get("name", sym)


def data_abilities(title: Title, sym: str) -> list[dict]:
    """The engine entries of the private ``sym``'s abilities."""
    abilities = title.privates.get(sym, {}).get("abilities") or []
    return [a for a in abilities if isinstance(a, dict)]


def coverage(title: Title) -> list[tuple[str, str, str, str]]:
    """Every ability of the title's privates: (private sym, ability type, status, why),
    status ``applied`` (the shared rules follow it), ``title`` (read, its effect the
    title's), ``ignored`` (it changes no route, lay or token) or ``unreadable``."""
    out = []
    for sym in title.privates:
        for data in data_abilities(title, sym):
            kind = str(data.get("type"))
            if kind in IGNORED:
                out.append((sym, kind, "ignored", IGNORED_WHY.get(
                    kind, "changes no route, lay or token")))
                continue
            if kind not in TYPES:
                out.append((sym, kind, "unreadable",
                            NOT_READ.get(kind, "a type the shared rules do not read")))
                continue
            try:
                read_ability(data, title, f"{sym}.{kind}")
            except InputError as exc:
                out.append((sym, kind, "unreadable", str(exc)))
                continue
            skipped = not_followed(data)
            if skipped:
                out.append((sym, kind, "unreadable", "fields not followed: "
                            + ", ".join(skipped)))
            elif kind in TITLE_EFFECT:
                out.append((sym, kind, "title", TITLE_EFFECT[kind]))
            else:
                out.append((sym, kind, "applied", "shared rules"))
    return out


def unreadable(title: Title) -> list[tuple[str, str, str]]:
    """(private sym, ability type, reason) of every ability of the title's privates that
    touches lays, tokens or routes and that the shared rules cannot read, for ``trainrun
    titles``. Abilities of the ignored types (``IGNORED``) are not named."""
    return [(sym, kind, why) for sym, kind, status, why in coverage(title)
            if status == "unreadable"]


# ---- what a position says -------------------------------------------------------------------

COMPANY_HOLDERS = ("company", "other")
PLAYER_HOLDERS = ("player", "president")
HOLDER_WORDS = {"company": "the company", "president": "a player", "player": "a player",
                "other": "another company"}


def holder(position: Position, sym: str) -> str | None:
    """Who holds the open private ``sym`` (``position.privates``, keyed by sym or name);
    None when the position does not name it."""
    privates = position.privates
    found = privates.get(sym)
    if found is None:
        found = privates.get(private_name(position.title, sym))
    return found


def owner_fits(owner_type: str | None, held_by: str | None) -> bool:
    """An ability of ``owner_type`` works while the private is held by ``held_by``
    (engine ``ability_right_owner?``)."""
    if held_by is None:
        return False
    if owner_type == "player":
        return held_by in PLAYER_HOLDERS
    if owner_type == "corporation":
        return held_by in COMPANY_HOLDERS
    return True


@dataclass(frozen=True)
class Held:
    """An ability of a private the operating company (or its president) holds, as the
    position has it now: ``data`` the engine entry with the live ``count`` (and ``used``)
    of its entry in ``position.abilities`` (``entry``, its index there) over the title's,
    ``ability`` it read."""

    private: str        # its sym
    name: str
    holder: str         # company or president
    index: int          # of its abilities in the data
    data: dict
    ability: Ability
    entry: int | None = None


REMOVED_WHEN_USED = ("tile_lay", "token", "teleport", "assign_hexes")


def _spent(data: dict) -> bool:
    """The engine drops this ability once used up (it has a count, or is a teleport)."""
    kind = data.get("type")
    return kind == "teleport" or (kind in REMOVED_WHEN_USED and data.get("count") is not None)


def _entry_key(title: Title, entry: dict, owners: dict[str, str], taken: set) -> tuple | None:
    """The (private sym, ability index) a ``position.abilities`` entry is the live state of:
    the private its ``owner`` names, else the company's one private with an ability of its
    type, else the title's one ability of that type (or several equal ones)."""
    kind = entry.get("type")
    named = private_sym(title, entry.get("owner"))
    if entry.get("owner") is not None and named is None:
        return None
    syms = [named] if named else [s for s, h in owners.items() if h == "company"]
    found = [(s, i) for s in syms if s is not None
             for i, a in enumerate(data_abilities(title, s))
             if a.get("type") == kind and (s, i) not in taken]
    if found or named:
        return found[0] if found else None
    every = [(s, i) for s in title.privates for i, a in enumerate(data_abilities(title, s))
             if a.get("type") == kind]
    shapes = {repr(sorted((k, repr(v)) for k, v in data_abilities(title, s)[i].items()
                          if k != "count")) for s, i in every}
    free = [k for k in every if k not in taken]
    return free[0] if len(shapes) == 1 and free else None


def _held(position: Position) -> tuple[Held, ...]:
    title = position.title
    owners: dict[str, str] = {}
    for key, who in position.privates.items():
        sym = private_sym(title, key)
        if sym is not None and who in ("company", "president"):
            owners[sym] = who
    using = private_sym(title, position.turn.entity)
    if using is not None and using not in owners:
        # the private using its ability does so for the company: the company's, or its
        # president's
        owners[using] = "president" if holder(position, using) in PLAYER_HOLDERS else "company"
    live: dict[tuple[str, int], int] = {}
    for n, entry in enumerate(position.abilities):
        key = _entry_key(title, entry, owners, set(live))
        if key is not None:
            live[key] = n
    for sym, _ in live:
        owners.setdefault(sym, "company")   # its abilities are the company's privates'
    listed = {sym for sym, _ in live}
    out = []
    for sym, who in owners.items():
        for index, data in enumerate(data_abilities(title, sym)):
            entry = live.get((sym, index))
            if entry is None and sym in listed and _spent(data):
                continue    # the engine drops a used ability: the position lists it no more
            merged = dict(data)
            if entry is not None:
                stated = position.abilities[entry]
                merged.update({k: stated[k] for k in ("count", "used") if k in stated})
            try:
                ability = read_ability(merged, title, f"{sym}.{data.get('type')}")
            except InputError:
                continue    # unreadable (``unreadable`` names it)
            out.append(Held(sym, private_name(title, sym), who, index, merged, ability, entry))
    return tuple(out)


def held(position: Position) -> tuple[Held, ...]:
    """The abilities of the privates the operating company holds (``position.privates``
    ``company``, or the privates its ``position.abilities`` entries name or imply) and of
    those its president holds, with their live counts. Where the position lists some of a
    private's abilities, one with uses it does not list is spent (the engine drops it)."""
    return position.derived(("abilities", "held"), lambda: _held(position))


# ---- blocks_hexes -------------------------------------------------------------------------

def _blocks(title: Title) -> tuple[tuple[str, BlocksHexes], ...]:
    out = []
    for sym in title.privates:
        for data in data_abilities(title, sym):
            if data.get("type") == "blocks_hexes":
                try:
                    ability = read_ability(data, title, f"{sym}.blocks_hexes")
                except InputError:
                    continue
                assert isinstance(ability, BlocksHexes)
                out.append((sym, ability))
    return tuple(out)


def blocking_refusal(position: Position, hex_id: str,
                     unblocked: frozenset[str] | tuple[str, ...] = ()) -> str | None:
    """Why no tile may be laid on ``hex_id``: a private with ``blocks_hexes`` on it is held
    by a holder of its ``owner_type`` (engine ``ability_blocking_hex``; the private using
    its own ability is not blocked by itself; those ``unblocked`` names, by sym, do not
    block: ``LayRules.unblocked``), or None."""
    blocks = position.derived(("abilities", "blocks"), lambda: _blocks(position.title))
    if not blocks:
        return None
    acting = private_sym(position.title, position.turn.entity)
    for sym, ability in blocks:
        if sym == acting or hex_id not in ability.hexes or sym in unblocked:
            continue
        who = holder(position, sym)
        if owner_fits(ability.owner_type, who):
            assert who is not None
            return f"{hex_id} is blocked by {sym}, held by {HOLDER_WORDS[who]}"
    return None


# ---- tile_discount ------------------------------------------------------------------------

def _company_discounts(position: Position) -> tuple[TileDiscount, ...]:
    """The ``tile_discount`` abilities of the company's lays: of the privates it holds, and
    of its president's where they work in its turn (engine ``Corporation#all_abilities``)."""
    out = []
    for h in held(position):
        if isinstance(h.ability, TileDiscount) and h.ability.count != 0 and (
                h.holder == "company" or any(w.startswith("owning_player")
                                             for w in h.ability.when)):
            out.append(h.ability)
    return tuple(out)


def company_discounts(position: Position) -> tuple[TileDiscount, ...]:
    return position.derived(("abilities", "discounts"), lambda: _company_discounts(position))


def _on(ability: TileDiscount, hex_id: str) -> bool:
    return ability.hexes is None or hex_id in ability.hexes


def terrain_discount(position: Position, hex_id: str, terrains: tuple[str, ...],
                     cost: int) -> int:
    """What the company's terrain discounts take off the terrain ``cost`` of a tile of
    ``terrains`` on ``hex_id`` (engine ``upgrade_cost``: each discount whose terrain is the
    tile's only terrain, or one of them without ``exact_match``; no more than the cost)."""
    kinds = set(terrains)
    total = sum(a.discount for a in company_discounts(position)
                if a.terrain is not None and _on(a, hex_id)
                and (kinds == {a.terrain} if a.exact_match else a.terrain in kinds))
    return max(0, min(cost, total))


def border_discount(position: Position, hex_id: str, kind: str, cost: int) -> int:
    """What the company's discounts take off a ``kind`` (water) border first crossed, printed
    at ``cost`` (engine ``border_cost_discount``: the first discount of that terrain)."""
    for a in company_discounts(position):
        if a.terrain == kind and _on(a, hex_id):
            return max(0, min(a.discount, cost))
    return 0


def lay_discount(position: Position, hex_id: str, cost: int) -> int:
    """What the company's discounts without a terrain take off a whole lay costing ``cost``
    (engine ``tile_cost_with_discount``)."""
    total = sum(a.discount for a in company_discounts(position)
                if a.terrain is None and _on(a, hex_id))
    return max(0, min(cost, total))


# ---- the acting private's ability -----------------------------------------------------------

def acting_ability(position: Position, kinds: tuple[str, ...]) -> dict | None:
    """The ability of the private using it (``turn.entity``): the fields ``turn.ability``
    states over the title's data for that private (its ability of the stated type, else
    its first of ``kinds``), the live count of ``position.abilities`` between them. None
    when neither the position nor the data gives one."""
    turn = position.turn
    stated = turn.ability
    sym = private_sym(position.title, turn.entity)
    if sym is None:
        return stated
    wanted = stated.get("type") if isinstance(stated, dict) else None
    types = (wanted,) if wanted else kinds
    base = None
    for kind in types:
        base = next((h.data for h in held(position) if h.private == sym
                     and h.data.get("type") == kind), None)
        if base is None:
            base = next((a for a in data_abilities(position.title, sym)
                         if a.get("type") == kind), None)
        if base is not None:
            break
    if base is None:
        return stated
    skipped = not_followed(base)
    if skipped:   # never a guess: the ability does what trainrun does not model
        raise InputError("turn.entity", f"{sym}'s {base.get('type')} ability is not followed "
                                        f"by trainrun ({', '.join(skipped)}; trainrun titles "
                                        f"lists it)")
    return {**base, **(stated or {})}


# ---- a use recorded -----------------------------------------------------------------------

def after_use(position: Position, kind: str, count: int | None,
              used: bool | None = None, private: str | None = None) -> tuple[tuple, dict]:
    """(``abilities``, ``privates``) of the position once the private using its ability
    (``turn.entity``) has used its ``kind`` ability, leaving ``count`` uses (and ``used``):
    its entry in ``position.abilities`` says so (added, naming the private, where the
    position had none); a private that closes when used up (``closed_when_used_up``)
    leaves ``privates``. Unchanged for a private the title's data does not have.
    ``private`` names another private than ``turn.entity`` (one whose ability the engine
    applied by itself, ``automatic_token_abilities``)."""
    title = position.title
    sym = private_sym(title, position.turn.entity if private is None else private)
    if sym is None:
        return position.abilities, position.privates
    mine = next((h for h in held(position) if h.private == sym
                 and h.data.get("type") == kind), None)
    entries = list(position.abilities)
    if mine is not None and mine.entry is not None:
        entry = dict(entries[mine.entry])
    else:
        entry = {"type": kind, "owner": private_name(title, sym)}
    if count is not None:
        entry["count"] = count
    if used is not None:
        entry["used"] = used
    if mine is not None and mine.entry is not None:
        entries[mine.entry] = entry
    else:
        entries.append(entry)
    privates = dict(position.privates)
    data = mine.data if mine is not None else next(
        (a for a in data_abilities(title, sym) if a.get("type") == kind), {})
    if count == 0 and data.get("closed_when_used_up"):
        for key in (sym, private_name(title, sym)):
            privates.pop(key, None)
    return tuple(entries), privates


def with_use(position: Position, after: Position, kind: str, count: int | None,
             used: bool | None = None, private: str | None = None) -> Position:
    """``after`` (the position once ``position``'s private used its ability) with the use
    recorded (``after_use``)."""
    abilities, privates = after_use(position, kind, count, used, private)
    return dataclasses.replace(after, abilities=abilities, privates=privates)


# ---- the abilities the company may use in its turn -----------------------------------------

# The engine's times (``when``) at which an ability works in the operating company's lay
# or token step, for a private the company holds and for one its president holds
# (``Game::Base#ability_right_time?``); an ability with no time works whenever it applies.
LAY_TIMES = {"company": {"track", "owning_corp_or_turn", "any"},
             "president": {"owning_player_or_turn", "owning_player_track", "any"}}
TOKEN_TIMES = {"company": {"token", "owning_corp_or_turn", "any"},
               "president": {"owning_player_or_turn", "owning_player_token", "any"}}
SPECIAL_STEPS = {"SpecialTrack": "lay", "SpecialToken": "token"}


@dataclass(frozen=True)
class Usable:
    """An ability the operating company may use now: ``held`` and the private's step
    that uses it (``SpecialTrack`` for a lay, ``SpecialToken`` for a token)."""

    held: Held
    step: str

    @property
    def private(self) -> str:
        return self.held.private


def _now(ability: Ability, who: str, times: dict[str, set[str]]) -> bool:
    return not ability.when or bool(set(ability.when) & times[who])


def usable(position: Position) -> list[Usable]:
    """The abilities of the privates the company holds (and of those its president holds,
    for ``player`` abilities whose time is its turn) it may use in its ``Track`` or
    ``Token`` step now: ``tile_lay`` and ``teleport`` lays in the lay step, ``token`` (and a
    teleport's token once its tile lies) in either, each with uses left and its holder of
    the ability's ``owner_type``, but for a private used by a step of the title's own
    (``TitleInfo.private_steps``). Whether a move of it is legal is the private's step's
    question (``legal_lays``, ``legal_tokens`` of the position ``acting`` gives)."""
    step = position.turn.step
    if step not in ("Track", "Token"):
        return []
    own_steps = {sym for _, sym in position.ruleset.info.private_steps}
    out = []
    for h in held(position):
        ability = h.ability
        if ability.count == 0 or not owner_fits(ability.owner_type, h.holder) or \
                h.private in own_steps:
            continue
        if isinstance(ability, TeleportAbility):
            if ability.used:
                out.append(Usable(h, "SpecialToken"))
            elif step == "Track" and _now(ability, h.holder, LAY_TIMES):
                out.append(Usable(h, "SpecialTrack"))
        elif isinstance(ability, TileLayAbility):
            if step == "Track" and _now(ability, h.holder, LAY_TIMES):
                out.append(Usable(h, "SpecialTrack"))
        elif isinstance(ability, TokenAbility) and _now(ability, h.holder, TOKEN_TIMES):
            out.append(Usable(h, "SpecialToken"))
    return out


def automatic_token_abilities(position: Position) -> list[tuple[str, TokenAbility]]:
    """The ``token`` abilities the engine applies by itself to the company's own token in
    its ``Token`` step (``Tokener#adjust_token_price_ability!``: the first whose hexes and
    city fit prices the token and is spent), with their privates' syms: those of privates
    the company holds (the position's ``privates`` says so: an ability entry alone does
    not say which private it is of), with uses left, not ``special_only``, whose time names
    the token step or the company's turn."""
    return [(h.private, h.ability) for h in held(position)
            if isinstance(h.ability, TokenAbility)
            and "company" in (position.privates.get(h.private), position.privates.get(h.name))
            and h.ability.count != 0 and not h.ability.special_only
            and owner_fits(h.ability.owner_type, h.holder)
            and set(h.ability.when) & TOKEN_TIMES["company"]]


def find_usable(position: Position, private: str, step: str) -> Usable:
    """The ability of ``private`` (sym or name) the company may use now for a ``step``
    move; ``InputError`` when there is none."""
    sym = private_sym(position.title, private)
    if sym is None:
        raise InputError("move.private", f"unknown private company {private!r} in "
                                         f"{position.title.name}")
    found = [u for u in usable(position) if u.private == sym and u.step == step]
    if not found:
        kind = SPECIAL_STEPS[step]
        raise InputError("move.private", f"{position.company} may not use a {kind} ability "
                                         f"of {sym} now")
    return found[0]


def acting(position: Position, use: Usable) -> Position:
    """The position with the private of ``use`` using its ability (its step, ``turn.entity``
    its name, ``turn.ability`` its type and live count)."""
    data = use.held.data
    ability: dict[str, object] = {"type": data["type"]}
    for key in ("count", "used"):
        if data.get(key) is not None:
            ability[key] = data[key]
    turn = dataclasses.replace(position.turn, step=use.step, entity=use.held.name,
                               ability=ability)
    return dataclasses.replace(position, turn=turn)


def settled(before: Position, after: Position, use: Usable) -> Position:
    """``after`` (the private's move made from ``acting``) back in the company's own step:
    a private whose lays must be laid together (``must_lay_together``) with lays left
    keeps laying; otherwise the company's step goes on, what is left of the ability
    recorded in ``abilities``."""
    turn = after.turn
    if (turn.step == "SpecialTrack" == use.step and isinstance(use.held.ability, TileLayAbility)
            and use.held.ability.must_lay_together):
        return after
    turn = dataclasses.replace(turn, step=before.turn.step, entity=before.turn.entity,
                               ability=before.turn.ability)
    return dataclasses.replace(after, turn=turn)
