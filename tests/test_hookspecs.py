"""Every hookspec is documented, annotated and in one group; titles register through entry
points."""
import ast
import inspect
import typing

import pytest

from trainrun.errors import InputError, TitlePluginError
from trainrun.plugins import hookspecs
from trainrun.plugins.hookspecs import hookimpl
from trainrun.registry import installed_titles, load_title, title_manager

SPECS = [f for name, f in inspect.getmembers(hookspecs, inspect.isfunction)
         if name.startswith("trainrun_")]


# Every hook a title may implement, and whether the first answer wins (firstresult):
# a hook added to hookspecs.py, renamed or dropped must be added here too.
HOOKS = {
    "trainrun_title": True,
    "trainrun_prepare_board": False,
    "trainrun_train_rules": True,
    "trainrun_stop_value": True,
    "trainrun_route_bonuses": False,
    "trainrun_company_bonuses": False,
    "trainrun_fixed_income": False,
    "trainrun_company_income": False,
    "trainrun_company_stations": True,
    "trainrun_city_blocks": True,
    "trainrun_exclusive_stops": False,
    "trainrun_runs_not_modelled": False,
    "trainrun_next_train": True,
    "trainrun_home_token_hexes": True,
    "trainrun_home_token_replaces": True,
    "trainrun_special_token_refusal": False,
    "trainrun_special_token_own": True,
    "trainrun_token_unreached": True,
    "trainrun_charter_tokens_placed": True,
    "trainrun_lay_budget": True,
    "trainrun_lay_colours": True,
    "trainrun_lay_refusal": False,
    "trainrun_lay_rules": True,
    "trainrun_rotation_refusal": False,
    "trainrun_special_lay_connects": True,
    "trainrun_special_lay_reached_sides": True,
    "trainrun_border_cost": True,
    "trainrun_special_lay_markers": True,
    "trainrun_terrain_cost": True,
    "trainrun_tile_lays": True,
    "trainrun_track_kept": True,
    "trainrun_token_cost": True,
    "trainrun_upgrades_to": True,
    "trainrun_replay_rules": True,
    "trainrun_replay_action": True,
    "trainrun_replay_round": True,
    "trainrun_board_marks": False,
}


def test_the_hookspecs_are_exactly_these():
    assert {f.__name__: f.trainrun_spec["firstresult"] for f in SPECS} == HOOKS


@pytest.mark.parametrize("spec", SPECS, ids=lambda f: f.__name__)
def test_hookspec_has_docstring_and_annotations(spec):
    assert spec.__doc__ and spec.__doc__.strip(), f"{spec.__name__} has no docstring"
    sig = inspect.signature(spec)
    for name, param in sig.parameters.items():
        assert param.annotation is not inspect.Parameter.empty, f"{spec.__name__}({name})"
    assert sig.return_annotation is not inspect.Signature.empty, spec.__name__


@pytest.mark.parametrize("spec", SPECS, ids=lambda f: f.__name__)
def test_hookspec_annotations_name_real_types(spec):
    """Every annotation resolves (no name only a type checker knows): the reference page
    (docs/plugins.md) prints them and a title may read them."""
    hints = typing.get_type_hints(spec)
    assert set(hints) == set(inspect.signature(spec).parameters) | {"return"}, spec.__name__


@pytest.mark.parametrize("spec", SPECS, ids=lambda f: f.__name__)
def test_hookspec_arguments_are_plain(spec):
    """pluggy passes a hook's arguments by name and never passes one with a default, so a
    hookspec has neither defaults nor ``*args``/``**kwargs``."""
    for name, param in inspect.signature(spec).parameters.items():
        assert param.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD, f"{spec.__name__}({name})"
        assert param.default is inspect.Parameter.empty, f"{spec.__name__}({name}=...)"


def test_every_hookspec_is_in_one_group():
    grouped = [name for _, hooks in hookspecs.GROUPS.values() for name in hooks]
    assert sorted(grouped) == sorted(HOOKS)
    assert len(set(grouped)) == len(grouped)
    assert list(hookspecs.GROUPS) == ["title", "scoring", "turn", "replay"]


def test_the_file_is_ordered_by_group():
    """hookspecs.py lists the hooks group by group, in ``GROUPS`` order, each group under
    its heading comment."""
    source = inspect.getsource(hookspecs)
    in_file = [node.name for node in ast.parse(source).body
               if isinstance(node, ast.FunctionDef) and node.name.startswith("trainrun_")]
    assert in_file == [name for _, hooks in hookspecs.GROUPS.values() for name in hooks]
    lines = source.splitlines()
    for group, (heading, hooks) in hookspecs.GROUPS.items():
        comment = next(n for n, line in enumerate(lines)
                       if line.startswith(f"# ---- {group}: "))
        first = next(n for n, line in enumerate(lines) if line.startswith(f"def {hooks[0]}("))
        assert comment < first, group
        assert heading.split(":")[-1].strip().lower() in lines[comment].lower(), group


def test_the_docstring_names_each_group_by_its_ends():
    """The module docstring's ranges ("``first`` to ``last``") are each group's ends."""
    doc = hookspecs.__doc__
    for group, (_, hooks) in hookspecs.GROUPS.items():
        if len(hooks) > 2:
            assert f"* {group} (``{hooks[0]}`` to ``{hooks[-1]}``)" in doc, group


def test_chesapeake_is_installed():
    assert "18Chesapeake" in installed_titles()
    ruleset = load_title("18Chesapeake")
    assert {"2", "3", "4", "5", "6", "D"} <= set(ruleset.title.trains)


def test_unknown_title_names_the_installed_ones():
    with pytest.raises(InputError, match="unknown title 'Nope'.*18Chesapeake"):
        load_title("Nope")


class _MisspeltHook:
    """A title plugin whose stop-value hook is misspelt (``vaule``)."""

    @hookimpl
    def trainrun_stop_vaule(self, position, train, rules, hex_id, node):
        return 1000


def test_a_misspelt_hook_fails_when_the_title_is_loaded():
    with pytest.raises(TitlePluginError, match="title plugin _MisspeltHook: unknown hook "
                                               "'trainrun_stop_vaule'.*misspelt"):
        title_manager(_MisspeltHook())

