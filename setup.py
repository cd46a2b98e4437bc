"""Build trainrun: map the top-level folders into one ``trainrun`` namespace and compile
the route enumerator."""
import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

PLUGINS = ["g18chesapeake", "g1817", "g1871", "g18ny", "g18pa"]

setup(
    packages=["trainrun", "trainrun.draw", "trainrun.solver", "trainrun.plugins",
              "trainrun.web", "trainrun.examples"]
    + [f"trainrun.plugins.{p}" for p in PLUGINS],
    package_dir={"trainrun": "core", "trainrun.solver": "solver",
                 "trainrun.plugins": "plugins", "trainrun.examples": "examples"},
    package_data={"trainrun": ["*.json"], "trainrun.web": ["static/*"],
                  "trainrun.examples": ["*.json"],
                  **{f"trainrun.plugins.{p}": ["data/*.json"] for p in PLUGINS}},
    ext_modules=cythonize(
        [Extension(f"trainrun.{name}", [f"core/{name}.pyx"], language="c++",
                   include_dirs=[numpy.get_include()], extra_compile_args=["-O3"])
         for name in ("_segments", "_enumerate")]
        + [Extension(f"trainrun.solver.{name}", [f"solver/{name}.pyx"],
                     include_dirs=[numpy.get_include()], extra_compile_args=["-O3"])
           for name in ("_prune", "_combine")],
        include_path=["core"],   # _bits.pxd, the track bitsets shared by the modules
        compiler_directives={"language_level": "3"}),
)
