"""Builds gjk's extension module with the project's own CMake (see pyproject.toml).

The extension's sources, the library and the `gjk distance` line contract are built by CMake
exactly as `make build` does, with only the Python package's targets; the module is then
copied where setuptools puts the extension.
"""

import os
import pathlib
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        target = pathlib.Path(self.get_ext_fullpath(ext.name)).resolve()
        build = pathlib.Path(self.build_temp).resolve() / "cmake"
        configure = ["cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                     "-DGJK_BUILD_TESTS=OFF", "-DGJK_BUILD_BENCH=OFF", "-DGJK_INSTALL=OFF",
                     f"-DPython_EXECUTABLE={sys.executable}"]
        if shutil.which("ninja"):
            configure += ["-G", "Ninja"]
        subprocess.check_call(configure)
        subprocess.check_call(["cmake", "--build", str(build), "--target", "gjk_python",
                               "-j", str(os.cpu_count() or 2)])
        built = sorted((build / "python" / "gjk").glob("_gjk*.so"))
        if not built:
            raise RuntimeError(f"CMake built no _gjk module in {build / 'python' / 'gjk'}")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[0], target)


setup(
    ext_modules=[Extension("gjk._gjk", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": "build-python"}},
)
