"""Runs, purchases and verdicts as a player reads them (the text ``trainrun`` prints)."""
from __future__ import annotations


def format_purchase(purchase) -> str:
    """Both runs of ``solve --buy-next-train``: as it stands, and after buying first."""
    change = f"phase {purchase.phase}"
    if purchase.rusted:
        change += f", {', '.join(purchase.rusted)} rusted"
    if purchase.discarded:
        change += f", {', '.join(purchase.discarded)} discarded to the train limit"
    source = (f"{purchase.train}, as title_state.next_train names it" if purchase.named else
              f"{purchase.train}: the title's guess, title_state.next_train does not name it")
    return "\n".join([
        "Without buying a train:", format_run(purchase.without), "",
        f"After buying the next train from the bank ({source}; {change}):",
        format_run(purchase.with_train), "",
        f"Buying first changes the run by {'-' if purchase.gain < 0 else '+'}"
        f"${abs(purchase.gain)}"])


def place_name(stop: dict) -> str:
    """The stop's place name, or for a place the map leaves unnamed its kind ("city",
    "town", "off-board") in brackets."""
    kind = {"offboard": "off-board"}.get(stop.get("kind", ""), stop.get("kind", ""))
    return stop["location"] or (f"({kind})" if kind else "")


def format_stops(stops: list, bonuses: list) -> list[str]:
    """A route's stops, one line each with its value (a stop bonus is part of it, and
    named), then the bonuses earned elsewhere than at a stop."""
    lines = []
    for s in stops:
        place = f"{s['node']:<6} {place_name(s)}".rstrip()
        value = f"{s['value']:>4}" if s["scored"] else "   -"
        within = [f"{b['name']} ${b['value']}" for b in bonuses if b["where"] == s["node"]]
        lines.append(f"      {place:<32}{value}" +
                     (f"  (with {', '.join(within)})" if within else ""))
    nodes = {s["node"] for s in stops}
    lines += [f"      + {b['name']} ({b['where']}): ${b['value']}"
              for b in bonuses if b["where"] not in nodes]
    return lines


def run_summary(run) -> tuple[list[str], str, list[str]]:
    """A run's lines beyond its routes: what it adds (idle trains, company bonuses, fixed
    income), its total with its proof, and the income paid outside the run."""
    adds = [f"{train}: no route" for train in run.idle_trains]
    adds += [f"+ {b['name']}: ${b['amount']}" for b in run.company_bonuses]
    if run.fixed_income:
        adds.append(f"+ fixed income: ${run.fixed_income}")
    proof = ("optimal (proven)" if run.status == "optimal"
             else f"not proven: {'; '.join(run.not_modelled)} not modelled"
             if run.status == "not proven"
             else f"best found at the time limit; the best run is at most ${run.bound}")
    outside = [f"Not in the run: {i['name']} ${i['amount']} to the company"
               for i in run.company_income]
    return adds, f"Total ${run.total} — {proof}", outside


def format_run(run) -> str:
    """A run as a player reads it."""
    lines = [f"{run.title} · {run.company} · phase {run.phase}"]
    for r in run.routes:
        kept = " (kept)" if r.train in getattr(run, "kept_trains", ()) else ""
        lines.append(f"  {r.train_name} train ({r.train}): ${r.revenue}{kept}")
        lines += format_stops(r.stops, r.bonuses)
    adds, total, outside = run_summary(run)
    lines += [f"  {line}" for line in adds]
    lines.append(f"{total} — {run.seconds * 1000:.0f} ms")
    return "\n".join(lines + outside)


def format_verification(result) -> str:
    """The verdict as a player reads it."""
    lines = [f"{result.title} · {result.company} · phase {result.phase} · declared run"]
    for r in result.routes:
        label = f"{r.train_name} train ({r.train})" if r.train_name else f"train {r.train}"
        verdict = (f"legal, ${r.revenue}" if r.legal else
                   f"ILLEGAL (would earn ${r.revenue})" if r.stops else "ILLEGAL")
        lines.append(f"  route {r.number} · {label}: {verdict}")
        lines += format_stops(r.stops, r.bonuses)
        for v in r.violations:
            lines.append(f"      ✗ {v}")
        for note in r.notes:
            lines.append(f"      note: {note}")
    if result.fixed_income:
        lines.append(f"  + fixed income: ${result.fixed_income}")
    for b in getattr(result, "bonuses_not_earned", ()):
        lines.append(f"  not earned: {b['name']} — {b['why']}")
    lines.append(_summary(result))
    if result.best is not None:
        lines.append("Best run:")
        lines += format_run(result.best).splitlines()[1:]
    return "\n".join(lines)


def _summary(result) -> str:
    head = (f"Declared ${result.declared_total}" if result.legal
            else f"Declared run is ILLEGAL ({len(result.violations)} "
                 f"violation{'s' if len(result.violations) != 1 else ''})")
    if result.best_total is None:
        return head
    proof = ("proven optimal" if result.best_status == "optimal"
             else "not proven: a rule of this title's runs is not modelled"
             if result.best_status == "not proven"
             else f"best found at the time limit; at most ${result.best_bound}")
    best = f"{head}; best ${result.best_total} ({proof})"
    if result.legal and result.optimal:
        return f"{best}: the declared run is optimal"
    if result.legal and result.best_total > result.declared_total:
        return f"{best}, ${result.gap} more"
    return best


def format_moves(position, moves: dict) -> str:
    """The legal lays and token placements of ``trainrun moves``, one per line with cost."""
    lines = [f"{position.title.name} · {position.company} · phase {position.phase.name} · "
             f"step {position.turn.step}", f"Tile lays ({len(moves['lays'])}):"]
    lines += [f"  {m['hex']:<5} tile {m['tile']:<6} rotation {m['rotation']}  ${m['cost']}"
              for m in moves["lays"]] or ["  none"]
    lines.append(f"Token placements ({len(moves['tokens'])}):")
    for m in moves["tokens"]:
        place = position.location(position.node_id(m["hex"], m["city"]))
        lines.append(f"  {m['hex']:<5} city {m['city']}  {place:<24}${m['cost']}")
    if not moves["tokens"]:
        lines.append("  none")
    for ability in moves.get("abilities", ()):
        left = "" if ability.get("count") is None else f", {ability['count']} left"
        lines.append(f"Private {ability['private']} ({ability['name']}), {ability['type']}"
                     f"{left}:")
        lines += [f"  {m['hex']:<5} tile {m['tile']:<6} rotation {m['rotation']}  ${m['cost']}"
                  for m in ability.get("lays", ())]
        lines += [f"  {m['hex']:<5} city {m['city']}  token  ${m['cost']}"
                  for m in ability.get("tokens", ())]
    if moves.get("reason"):
        lines.append(moves["reason"])
    return "\n".join(lines)


def format_plan_moves(moves: list) -> str:
    """A plan's moves in words: ``lay 23 on B6 rotation 1, then token in J6 city 0``."""
    words = [f"lay {m['tile']} on {m['hex']} rotation {m['rotation']}" if "tile" in m
             else f"token in {m['hex']} city {m['city']}" for m in moves]
    return ", then ".join(words)


def _proof(entry: dict) -> str:
    return "proven" if entry["status"] == "optimal" else f"not proven, at most ${entry['bound']}"


ALTERNATIVES_SHOWN = 2   # other ways to a plan's board printed under it


def _plan_result(entry: dict) -> str:
    """A plan's run and gain, or what is proven of it when it was not solved
    (``trainrun.turn.advice``'s statuses)."""
    status, bound = entry["status"], entry["bound"]
    if status == "not modelled":
        run = "not solved" if entry["total"] is None else f"run ${entry['total']}"
        return f"{run} (not proven: a run rule not modelled)" + _gain(entry)
    if entry["total"] is not None:
        return f"run ${entry['total']} ({_proof(entry)})" + _gain(entry)
    if status == "not reached":
        return "not reached before the time limit"
    return f"not solved, at most ${bound}" + (", proven not better" if status == "not better"
                                               else "")


def _gain(entry: dict) -> str:
    """A solved plan's gain over not laying, said not proven where it is not."""
    if entry["gain"] is None:
        return ""
    sign = "-" if entry["gain"] < 0 else "+"
    return f", {sign}${abs(entry['gain'])}" + ("" if entry["gain_proven"] else " (not proven)")


def _ranking(advice, data: dict) -> str:
    """Whether the ranking is proven, and if not what the time limit left open."""
    if advice.proven:
        return "ranking proven (the top plan is proven best)"
    counts: dict[str, int] = {}
    for entry in data["plans"]:
        counts[entry["status"]] = counts.get(entry["status"], 0) + 1
    open_ = [f"{counts[s]} {s}" for s in ("best found", "bound only", "not modelled",
                                          "not reached") if counts.get(s)]
    if advice.unlisted:
        open_.append(f"follow-ups of {advice.unlisted} first moves not listed")
    return "ranking not proven: " + (", ".join(open_) or "the best plan is not proven")


def format_advice(advice) -> str:
    """``trainrun advise``: the best plans of the turn with their runs (or what is proven of
    them), the gain of each over not laying at all, whether the ranking is proven and
    whether any lay improves the run."""
    data = advice.to_dict()
    boards = sum(p.status != "not reached" for p in advice.plans)
    missed = len(advice.plans) - boards
    plans = (f"{data['candidates']} plans on {boards} boards" if not missed else
             f"{data['candidates']} plans, {data['candidates'] - missed} of them on {boards} "
             f"boards")
    no_lay = data["no_lay"]
    lines = [f"{advice.title} · {advice.company} · phase {advice.phase} · step {advice.step}",
             f"{plans}, {advice.boards_solved} of those boards solved, {advice.seconds:.2f} s "
             f"of {advice.time_limit:g} s; {_ranking(advice, data)}",
             f"Not laying: ${advice.no_lay.total} (" + (
                 "not proven: a run rule not modelled" if advice.no_lay.not_modelled
                 else _proof(no_lay)) + ")"]
    if advice.not_modelled:
        lines.append(f"Not modelled: {'; '.join(advice.not_modelled)}: a plan marked so is "
                     f"the best run under the other rules, not proven")
    if advice.plans and advice.lay_improves is False:
        lines.append(f"No lay improves this run: no plan earns more than ${advice.no_lay.total} "
                     f"(proven)")
    elif advice.plans and advice.lay_improves is None and (advice.plans[0].gain or 0) <= 0:
        why = ("a run rule is not modelled" if advice.not_modelled else
               "the time limit ended the search")
        lines.append(f"No plan found improves this run (not proven: {why})")
    for rank, entry in enumerate(data["plans"][:advice.top], 1):
        lines += ["", f"{rank}. {format_plan_moves(entry['moves'])} "
                      f"(cost ${entry['cost']}): {_plan_result(entry)}"]
        others = entry["alternatives"]
        lines += [f"   or {format_plan_moves(alt['moves'])} (cost ${alt['cost']})"
                  for alt in others[:ALTERNATIVES_SHOWN]]
        if len(others) > ALTERNATIVES_SHOWN:
            lines.append(f"   or {len(others) - ALTERNATIVES_SHOWN} more ways to the same run")
        run = advice.plans[rank - 1].run
        if run is not None:
            lines += format_run(run).splitlines()[1:-1]
    if not data["plans"]:
        lines.append("No legal lay or token placement this turn.")
    return "\n".join(lines)


def format_audit(report) -> str:
    """``trainrun audit``: each declared run against the best, then per company what its
    runs left on the table."""
    lines = [f"{report.title} · {report.fixture} · {len(report.runs)} runs audited"]
    for run in report.runs:
        v = run.verdict
        mark = "✓" if v.legal and not v.gap else (f"+${v.gap}" if v.legal else "✗ illegal")
        proven = "" if v.best_status == "optimal" else " (best not proven)"
        lines.append(f"  {run.round:<8} action {run.action:<5} {run.company:<6} declared "
                     f"${v.declared_total:<5} best ${v.best_total:<5} {mark}{proven}")
        lines += [f"      ✗ {reason}" for reason in v.violations]
    left = report.left_on_table()
    lines.append("Left on the table:")
    lines += [f"  {company:<6} ${amount}" for company, amount in
              sorted(left.items(), key=lambda kv: (-kv[1], kv[0]))]
    total = sum(left.values())
    lines.append(f"Total ${total}" + (" (every best proven optimal)" if report.proven
                                      else " (some best runs not proven optimal)"))
    if report.stopped:
        lines.append(f"The replay stopped at {report.stopped}")
    return "\n".join(lines)
