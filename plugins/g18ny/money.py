"""18NY minors' cash and loans through a game log (engine ``G18NY::Game``, its ``Track``,
``Dividend``, ``LoanInterestPayment``, ``LoanRepayment`` and ``BuyTrain`` steps, with the
shared ``AutomaticLoan``, ``MinorHalfPay`` and ``InterestOnLoans``).

The replay (``trainrun.replay.gamelog``) keeps each minor's cash in ``ReplayState.cash`` (its
lays are paid from it there) and its loans here; a minor's positions state its ``cash`` and
``title_state.loans_left``, the loans it may still take (``trainrun_lay_budget``).

* A minor's treasury starts with its winning bid.
* A loan brings $50, or $45 once the company has been through its interest step this
  round (the engine marks it then, even with nothing owed); a minor takes at most 2.
* A lay costing more than the cash takes loans until the cash covers it.
* A run pays the minor half its revenue (rounded down) when there is revenue; the revenue
  is the routes' logged revenue plus the connection-bonus and coal income held after the
  run's claims: a bonus first claimed in a run counts twice in it, in its route's logged
  revenue and in the income held (as the engine pays it).
* After the run (a minor without trains: right after its lay or its pass, in the same
  action, as the engine skips the steps between; otherwise before the company's next money
  action or when another company acts): $5 interest a loan, loans taken first while the
  cash falls short; then each $50 loan the cash covers is repaid.
* Trains: the buyer pays the logged price, a company selling receives it; a train scrapped,
  or rusted in a company's hands, pays its owner a quarter of its price.
* Private companies pay their owners their revenue at the start of each operating round
  (AIW $5, SC $10, WPF $15, PCF $20) until they close: AIW and WPF once their ability is
  used, all of them with the first 12H; a company buying one pays its price to the seller.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypedDict

from trainrun.plugins.api import InputError, ReplayState, Train

from .markers import INCOME_KEYS

LOAN, INTEREST, MINOR_LOANS = 50, 5, 2
PRIVATE_REVENUE = {"AIW": 5, "SC": 10, "WPF": 15, "PCF": 20}
CLOSED_WHEN_USED = frozenset({"AIW", "WPF"})
AFTER_RUN = frozenset({"buy_train", "take_loan", "scrap_train", "sell_shares"})


class Books(TypedDict):
    """The minors' money bookkeeping on a replay (``ReplayState.books``)."""

    loans: dict[str, int]         # company -> the loans it holds
    interest_paid: set[str]       # the companies past their interest step this round
    round: tuple[bool, int, int] | None   # the round these are of (``_round_key``)
    turn_of: str | None           # the company whose turn it is
    due: str | None               # the company whose interest step is still to come
    closed_privates: set[str]     # the privates that pay no more revenue


def _new_books(replay: ReplayState) -> Books:
    return {"loans": {}, "interest_paid": set(), "round": None, "turn_of": None, "due": None,
            "closed_privates": set()}


def _state(replay: ReplayState) -> Books:
    return replay.books(_new_books)


def followed(replay: ReplayState, company: str | None) -> bool:
    return company in replay.cash


def loans(replay: ReplayState, company: str) -> int:
    return _state(replay)["loans"].get(company, 0)


def _minor(replay: ReplayState, company: str | None) -> bool:
    return (company is not None
            and replay.title.companies.get(company, {}).get("type") == "minor")


def _set_loans(replay: ReplayState, company: str, count: int) -> None:
    _state(replay)["loans"][company] = count
    replay.set_title_state(company, {"loans_left": MINOR_LOANS - count},
                           blank=dict.fromkeys(INCOME_KEYS, 0))


def _loan_value(replay: ReplayState, company: str) -> int:
    return LOAN - (INTEREST if company in _state(replay)["interest_paid"] else 0)


def take_loan(replay: ReplayState, company: str) -> None:
    """One loan, if the company may take one (``InputError`` otherwise)."""
    if not followed(replay, company):
        return
    held = loans(replay, company)
    if held >= MINOR_LOANS:
        raise InputError("take_loan", f"{company} already holds {held} loans")
    replay.pay(company, _loan_value(replay, company))
    _set_loans(replay, company, held + 1)


def _cover(replay: ReplayState, company: str) -> None:
    """Automatic loans while the cash is below zero and a loan is left (``try_take_loan``:
    a lay costing more than the cash)."""
    while replay.cash[company] < 0 and loans(replay, company) < MINOR_LOANS:
        take_loan(replay, company)


def _settle(replay: ReplayState, company: str) -> None:
    """The interest and repayment steps of ``company``'s turn."""
    state = _state(replay)
    state["due"] = None
    state["interest_paid"].add(company)
    if not followed(replay, company):
        return
    while (INTEREST * loans(replay, company) > replay.cash[company]
           and loans(replay, company) < MINOR_LOANS):
        take_loan(replay, company)
    replay.charge(company, INTEREST * loans(replay, company))
    while loans(replay, company) and replay.cash[company] >= LOAN:
        replay.charge(company, LOAN)
        _set_loans(replay, company, loans(replay, company) - 1)


def _round_key(replay: ReplayState) -> tuple[bool, int, int]:
    return (replay.in_operating_rounds, replay.round_set, replay.round_in_set)


def before(replay: ReplayState, action: dict) -> None:
    """What the engine does before ``action``: the previous turn's interest still due, a
    new round's private income, the minor auction's price."""
    state = _state(replay)
    kind = action["type"]
    operator = (replay.operator(action) if action.get("entity_type") in ("corporation", "company")
                else None)
    if state["due"] and (operator != state["due"] or _round_key(replay) != state["round"]
                         or kind in AFTER_RUN):
        _settle(replay, state["due"])
    if _round_key(replay) != state["round"]:
        state["round"], state["turn_of"] = _round_key(replay), None
        state["interest_paid"].clear()
        if replay.in_operating_rounds and kind != "merge":
            _private_income(replay)
    if kind == "bid" and _minor(replay, action.get("corporation")):
        _price(action)
        replay.set_cash(action["corporation"], action["price"])
        _set_loans(replay, action["corporation"], 0)
    if operator is not None and operator != state["turn_of"] and kind != "merge":
        state["turn_of"] = operator
        state["due"] = operator


def _price(action: dict) -> int:
    price = action.get("price")
    if isinstance(price, bool) or not isinstance(price, int) or price < 0:
        raise InputError("price", f"expected a whole number of dollars >= 0, got {price!r}")
    return price


def _private_income(replay: ReplayState) -> None:
    closed = _state(replay)["closed_privates"]
    for private, owner in replay.owners.items():
        if followed(replay, owner) and private not in closed:
            replay.pay(owner, PRIVATE_REVENUE.get(private, 0))


def close_privates(replay: ReplayState) -> None:
    """The first 12H closes every private company."""
    _state(replay)["closed_privates"].update(PRIVATE_REVENUE)


def lay_tile(replay: ReplayState, action: dict) -> None:
    """The lay (paid from the cash by the replay), loans taken when it cost more."""
    company = replay.operator(action)
    replay.lay_tile(action)
    if action.get("entity_type") == "company" and action.get("entity") in CLOSED_WHEN_USED:
        _state(replay)["closed_privates"].add(action["entity"])
    if followed(replay, company):
        _cover(replay, company)
        track_done(replay, company)


def track_done(replay: ReplayState, company: str) -> None:
    """A minor's one lay made or passed: with no train to run, its interest step comes
    next."""
    if (_state(replay)["due"] == company and _minor(replay, company)
            and not replay.trains.get(company)):
        _settle(replay, company)


def run(replay: ReplayState, company: str, action: dict) -> None:
    """A minor's run pays it half the revenue (the run's claims recorded)."""
    if not followed(replay, company):
        return
    routes = action.get("routes") or ()
    revenue = sum(_revenue(r) for r in routes)
    held = replay.title_state.get(company, {})
    revenue += sum(held.get(k, 0) for k in INCOME_KEYS)
    if revenue > 0 and _minor(replay, company):
        replay.pay(company, revenue // 2)
    _settle(replay, company)


def _revenue(route: object) -> int:
    revenue = route.get("revenue") if isinstance(route, dict) else None
    if isinstance(revenue, bool) or not isinstance(revenue, int) or revenue < 0:
        raise InputError("routes", f"expected each route's revenue in whole dollars, got "
                                   f"{revenue!r}")
    return revenue


def _salvage(replay: ReplayState, company: str, train: Train) -> None:
    if followed(replay, company):
        replay.pay(company, (replay.title.trains[train.name].price or 0) // 4)


def buy_train(replay: ReplayState, action: dict, buy: Callable[[], None]) -> None:
    """``buy()`` the train: the buyer pays, a company selling is paid, each train rusted in
    a company's hands pays its owner its salvage."""
    buyer, price = replay.operator(action), _price(action)
    seller = next((c for c, trains in replay.trains.items()
                   if any(t.id == action.get("train") for t in trains)), None)
    held = {c: list(trains) for c, trains in replay.trains.items()}
    buy()
    for company, trains in held.items():
        kept = {t.id for t in replay.trains.get(company, [])}
        for train in trains:
            if train.id not in kept and train.id != action.get("train"):
                _salvage(replay, company, train)
    if followed(replay, buyer):
        replay.charge(buyer, price)
    if seller is not None and followed(replay, seller):
        replay.pay(seller, price)
    if action.get("entity_type") == "company" and action.get("entity") in CLOSED_WHEN_USED:
        _state(replay)["closed_privates"].add(action["entity"])


def scrap_train(replay: ReplayState, action: dict) -> None:
    company = replay.operator(action)
    train = next((t for t in replay.trains.get(company, []) if t.id == action.get("train")),
                 None)
    if train is not None:
        _salvage(replay, company, train)


def buy_company(replay: ReplayState, action: dict) -> None:
    buyer, price = replay.operator(action), _price(action)
    private: Any = action.get("company")   # as logged
    seller = replay.owners.get(private)
    if followed(replay, buyer):
        replay.charge(buyer, price)
    if seller is not None and followed(replay, seller):
        replay.pay(seller, price)

