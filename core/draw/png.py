"""SVG to PNG or PDF through a converter, when one is installed: the cairosvg package (the
``png`` extra) or the ``rsvg-convert`` program."""
from __future__ import annotations

import shutil
import subprocess

from trainrun.errors import InputError

FORMATS = ("png", "pdf")


def svg_to_png(svg: str) -> bytes:
    """The PNG of ``svg``; an ``InputError`` naming the output when no converter is found."""
    return convert_svg(svg, "png")


def svg_to_pdf(svg: str) -> bytes:
    """The PDF of ``svg``; an ``InputError`` naming the output when no converter is found."""
    return convert_svg(svg, "pdf")


def convert_svg(svg: str, fmt: str) -> bytes:
    """``svg`` as ``fmt`` (one of ``FORMATS``), by cairosvg, else rsvg-convert."""
    try:
        import cairosvg  # lazy: optional (the png extra); rsvg-convert serves otherwise
    except (ImportError, OSError):   # OSError: the package without its cairo library
        cairosvg = None
    if cairosvg is not None:
        write = cairosvg.svg2png if fmt == "png" else cairosvg.svg2pdf
        return write(bytestring=svg.encode("utf-8"))
    program = shutil.which("rsvg-convert")
    if program is None:
        raise InputError("output", f"a .{fmt} needs a converter: pip install cairosvg, or "
                                   "install rsvg-convert (librsvg2-bin); write .svg instead")
    done = subprocess.run([program, "--format", fmt], input=svg.encode("utf-8"),
                          capture_output=True, check=False)
    if done.returncode != 0:
        raise InputError("output", f"rsvg-convert failed: "
                                   f"{done.stderr.decode(errors='replace').strip()[:200]}")
    return done.stdout
