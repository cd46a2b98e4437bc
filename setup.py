"""Build trainrun: map the top-level folders into one ``trainrun`` namespace and compile
the route enumerator and the solver's searches."""
from pathlib import Path

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

ROOTS = {"trainrun": "core", "trainrun.solver": "solver", "trainrun.plugins": "plugins",
         "trainrun.examples": "examples"}


def packages() -> dict[str, str]:
    """Every package under the mapped folders (a folder with an ``__init__.py``)."""
    found = {}
    for name, root in ROOTS.items():
        for init in sorted(Path(root).rglob("__init__.py")):
            rel = init.parent.relative_to(root).parts
            found[".".join((name, *rel))] = str(init.parent)
    return found


def extension(path: Path) -> Extension:
    """The compiled module of ``path`` (a ``.pyx`` under a mapped folder)."""
    for name, root in ROOTS.items():
        if path.is_relative_to(root):
            module = ".".join((name, *path.relative_to(root).with_suffix("").parts))
            cpp = path.parent.name != "solver"
            return Extension(module, [str(path)], language="c++" if cpp else None,
                             include_dirs=[numpy.get_include()], extra_compile_args=["-O3"])
    raise ValueError(path)


PACKAGES = packages()
setup(
    packages=list(PACKAGES),
    package_dir=ROOTS,
    package_data={"trainrun.formats": ["*.json"], "trainrun.service.web": ["static/*"],
                  "trainrun.examples": ["*.json"],
                  **{name: ["data/*.json"] for name in PACKAGES
                     if name.startswith("trainrun.plugins.")}},
    ext_modules=cythonize(
        [extension(p) for root in ROOTS.values() for p in sorted(Path(root).rglob("*.pyx"))],
        include_path=["core/routes"],   # _bits.pxd, the track bitsets shared by the modules
        compiler_directives={"language_level": "3"}),
)
