"""Tasks for the batch runner's tests, importable by its worker processes."""
import os
import time
from pathlib import Path


def echo_or_die(text: str, marker_dir: str, pause: float = 0.0) -> dict:
    """Echo the line after ``pause`` seconds; a line ``die-once`` ends its worker process
    the first time it runs, ``die`` every time (a worker killed mid-batch, a line that
    always kills it)."""
    if text == "die" or (text == "die-once" and not _first(Path(marker_dir) / "died")):
        os._exit(1)
    time.sleep(pause)
    return {"echo": text, "pid": os.getpid()}


def _first(marker: Path) -> bool:
    """False the first time (and leaves the marker), True afterwards."""
    try:
        marker.touch(exist_ok=False)
    except FileExistsError:
        return True
    return False
