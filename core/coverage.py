"""What trainrun does for each installed title: ``trainrun titles`` and ``GET /titles``.

For every title: the run questions (solve, verify, draw) and the turn's (moves, apply,
advise) that the shared engine answers for any title; whether its game files are replayed
(``import``, ``audit``: only where the title gives replay rules, ``trainrun_replay_rules``);
the rules of the title trainrun does not follow (``TitleInfo.not_modelled``), and its
private companies' abilities as the shared rules read them
(``trainrun.turn.abilities.coverage``): followed, left to the title, changing nothing
trainrun answers, or not read, each with why.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from trainrun.hooks import answers
from trainrun.registry import load_title
from trainrun.turn.abilities import coverage

RUNS = ("solve", "verify", "draw")
TURN = ("moves", "apply", "advise")
GAME_FILES = ("import", "audit")


@dataclass(frozen=True)
class TitleCoverage:
    """One title's coverage (the module docstring)."""

    name: str
    description: str
    aliases: tuple[str, ...]
    works: tuple[str, ...]
    not_yet: dict[str, str] = field(default_factory=dict)   # command -> why not
    not_modelled: tuple[str, ...] = ()
    privates: tuple[tuple[str, str, str, str], ...] = ()    # (sym, ability, status, why)

    def to_dict(self) -> dict:
        return {"name": self.name, "description": self.description,
                "aliases": list(self.aliases), "works": list(self.works),
                "not_yet": dict(self.not_yet), "not_modelled": list(self.not_modelled),
                "privates": [{"private": s, "ability": k, "status": st, "why": w}
                             for s, k, st, w in self.privates]}

    def lines(self) -> list[str]:
        """The title as ``trainrun titles`` prints it."""
        aliases = f" (also: {', '.join(self.aliases)})" if self.aliases else ""
        out = [f"{self.name}{aliases} — {self.description}",
               f"  works: {', '.join(self.works)}"]
        reasons: dict[str, list[str]] = {}
        for cmd, why in self.not_yet.items():
            reasons.setdefault(why, []).append(cmd)
        out += [f"  not yet: {', '.join(cmds)}: {why}" for why, cmds in reasons.items()]
        out += [f"  not modelled: {rule}" for rule in self.not_modelled]
        if self.privates:
            counts = Counter(status for _, _, status, _ in self.privates)
            out.append("  private abilities: " + ", ".join(
                f"{counts[s]} {s}" for s in ("applied", "title", "ignored", "unreadable")
                if counts[s]))
            out += [f"    {sym} {kind}: {status} ({why})"
                    for sym, kind, status, why in self.privates if status == "unreadable"]
        return out


def title_coverage(name: str) -> TitleCoverage:
    """The coverage of installed title ``name``."""
    ruleset = load_title(name)
    replays = answers.gives_replay_rules(ruleset)
    works = RUNS + TURN + (GAME_FILES if replays else ())
    not_yet = {} if replays else {
        cmd: "trainrun does not replay this title's game files yet (no replay rules)"
        for cmd in GAME_FILES}
    info = ruleset.info
    not_yet.update({cmd: "answered by the shared rules alone, not yet checked against the "
                         "engine's recorded games" for cmd in info.unchecked})
    if info.runs_not_modelled:   # runs answered, never proven (docs/rules/common.md §9.5)
        not_yet = {**not_yet, "proof": "runs are answered \"not proven\": a rule of them "
                                        "below is not modelled"}
    elif info.train_runs_not_modelled:   # only where the company holds such a train
        trains = ", ".join(dict.fromkeys(name for name, _ in info.train_runs_not_modelled))
        not_yet = {**not_yet, "proof": f"runs of a company holding a train {trains} are "
                                        f"answered \"not proven\": a rule of them below is "
                                        f"not modelled"}
    works = tuple(cmd for cmd in works if cmd not in not_yet)
    return TitleCoverage(info.name, info.description, info.aliases, works, not_yet,
                         tuple(dict.fromkeys(info.not_modelled
                                             + info.all_runs_not_modelled())),
                         tuple(coverage(ruleset.title)))
