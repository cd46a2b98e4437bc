"""SVG to PNG through a converter, when one is installed: the cairosvg package or the
``rsvg-convert`` program."""
from __future__ import annotations

import shutil
import subprocess

from trainrun.errors import InputError


def svg_to_png(svg: str) -> bytes:
    """The PNG of ``svg``; an ``InputError`` naming the output when no converter is found."""
    try:
        import cairosvg  # lazy: optional (the png extra); rsvg-convert serves otherwise
    except (ImportError, OSError):
        cairosvg = None
    if cairosvg is not None:
        return cairosvg.svg2png(bytestring=svg.encode("utf-8"))
    program = shutil.which("rsvg-convert")
    if program is None:
        raise InputError("output", "a .png needs a converter: pip install cairosvg, or install "
                                   "rsvg-convert (librsvg2-bin); write .svg instead")
    done = subprocess.run([program, "--format", "png"], input=svg.encode("utf-8"),
                          capture_output=True, check=False)
    if done.returncode != 0:
        raise InputError("output", f"rsvg-convert failed: "
                                   f"{done.stderr.decode(errors='replace').strip()[:200]}")
    return done.stdout
