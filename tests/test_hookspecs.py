"""Every hookspec is documented and annotated; titles register through entry points."""
import inspect

import pytest

from trainrun.errors import InputError, TitlePluginError
from trainrun.plugins import hookspecs, installed_titles, load_title, title_manager
from trainrun.plugins.hookspecs import hookimpl

SPECS = [f for name, f in inspect.getmembers(hookspecs, inspect.isfunction)
         if name.startswith("trainrun_")]


def test_there_are_hookspecs():
    assert len(SPECS) >= 8


@pytest.mark.parametrize("spec", SPECS, ids=lambda f: f.__name__)
def test_hookspec_has_docstring_and_annotations(spec):
    assert spec.__doc__ and spec.__doc__.strip(), f"{spec.__name__} has no docstring"
    sig = inspect.signature(spec)
    for name, param in sig.parameters.items():
        assert param.annotation is not inspect.Parameter.empty, f"{spec.__name__}({name})"
    assert sig.return_annotation is not inspect.Signature.empty, spec.__name__


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

