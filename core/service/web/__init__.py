"""The web page of ``trainrun serve``: ``GET /`` answers the page, ``/static/`` its script
and style (plain files in ``static/``, no build step, nothing fetched from elsewhere), and
``GET /examples`` the shipped example positions the page offers. Everything the page does
goes through the HTTP API of ``trainrun.service.app``."""
from __future__ import annotations

from importlib import resources

from fastapi import APIRouter
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from trainrun.service.examples import example, example_list
from trainrun.service.schema import GET_ERRORS

STATIC = resources.files(__name__) / "static"

router = APIRouter()


def static_files() -> StaticFiles:
    """The page's script and style, to mount at ``/static``."""
    return StaticFiles(directory=str(STATIC))


@router.get("/", include_in_schema=False)
def page() -> FileResponse:
    return FileResponse(str(STATIC / "index.html"), media_type="text/html")


@router.get("/examples", responses=GET_ERRORS)
def examples() -> dict:
    """The example positions: ``{"examples": [{name, title, run}]}``, ``run`` the name of
    the declared run shipped with it (or null)."""
    return {"examples": example_list()}


@router.get("/examples/{name}", responses=GET_ERRORS)
def example_file(name: str) -> dict:
    """An example position or declared run, by name (as ``GET /examples`` lists it)."""
    return example(name)
