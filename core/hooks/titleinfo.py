"""What a title plugin says about itself."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class TitleInfo:
    """A title's name as positions spell it, other spellings, and its data folder.

    ``corpus_state`` names top-level keys of a corpus line that hold title-specific
    company state (e.g. 18NY's ``coal_revenue``); reading a corpus line copies them
    into ``Position.title_state``, where the title's hooks find them as they would
    in the own format.

    ``not_modelled`` names the title's rules trainrun does not follow (``trainrun titles``
    lists them). ``runs_not_modelled`` names those among them that can change a run's
    revenue or legality (a scoring rule of the engine's ``revenue_for`` no bonus family
    expresses): every run of the title is then answered "not proven", naming them, never
    "optimal" (docs/rules/common.md §9.5). ``train_runs_not_modelled`` pairs a train name
    with such a rule that matters only where the company holds a train of that name
    (18GB's X trains): a position of a company holding none is answered as any other,
    one holding one "not proven", naming it (``runs_not_modelled_for``). ``unchecked``
    names the commands whose answers for this title are the shared rules' alone, not yet
    checked against the engine's recorded games (a title compiled and scored, its turn
    rules not yet compared): ``trainrun titles`` says so beside them.

    ``token_holders`` names who may hold a token in a city beyond the title's companies,
    neutral tokens and the holders printed on its map (18SJ's state railway ``SJ``, which
    takes over a nationalised company's tokens): positions naming any other are refused.
    ``trains_passing`` pairs a train name with a holder whose tokens never block trains of
    that name, as a neutral token does not (``TrainRules.passes``; 18SJ's ``("E", "SJ")``:
    engine ``make_sj_tokens_passable_for_electric_trains``); the company's other trains are
    blocked as the shared rule says.

    ``private_steps`` pairs the title's own engine steps in which a private lays a tile and
    places a token with that private's sym (1882's ``("SpecialNWR", "NWR")``): a
    legal-move line of one is read by its kind as the shared ``SpecialTrack`` or
    ``SpecialToken``, while the turn engine offers no move of that private (the title's
    step is its own: ``not_modelled`` says so).

    ``lays_and_tokens_one_step``: the title lays its tiles and places its token in one step,
    in either order (engine step/track_and_token.rb: 1846, 18GB): a pass ends both, a token
    leaves the lays going on; else its token step follows its lay step
    (``trainrun.replay.turnmoment``).
    """

    name: str
    data: Path
    aliases: tuple[str, ...] = field(default_factory=tuple)
    description: str = ""
    corpus_state: tuple[str, ...] = ()
    not_modelled: tuple[str, ...] = ()
    runs_not_modelled: tuple[str, ...] = ()
    train_runs_not_modelled: tuple[tuple[str, str], ...] = ()
    unchecked: tuple[str, ...] = ()
    token_holders: tuple[str, ...] = ()
    trains_passing: tuple[tuple[str, str], ...] = ()
    private_steps: tuple[tuple[str, str], ...] = ()
    lays_and_tokens_one_step: bool = False

    def runs_not_modelled_for(self, train_names) -> list[str]:
        """The rules not modelled that can change the run of a company holding trains of
        ``train_names``: every one of ``runs_not_modelled``, and those of
        ``train_runs_not_modelled`` whose train it holds (docs/rules/common.md §9.5)."""
        held = set(train_names)
        return list(dict.fromkeys([*self.runs_not_modelled,
                                   *(rule for name, rule in self.train_runs_not_modelled
                                     if name in held)]))

    def all_runs_not_modelled(self) -> tuple[str, ...]:
        """Every rule of the title's runs not modelled, whatever trains are held."""
        return tuple(dict.fromkeys([*self.runs_not_modelled,
                                    *(rule for _, rule in self.train_runs_not_modelled)]))
