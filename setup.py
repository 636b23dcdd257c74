"""The Python module as a package for pip: CMake builds it (python/CMakeLists.txt), and it is
installed as grundy/__init__.<suffix>.so beside its stubs (__init__.pyi, py.typed), the layout
type checkers read (PEP 561).

GRUNDY_BUILD_DIR names a CMake build folder already configured for this Python: the module is
built there (a no-op when it is current) and copied, instead of configuring a build of its own
under build/pip/cmake."""

import os
import re
import shutil
import subprocess
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))


def version():
    with open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8") as f:
        return re.search(r"project\(grundy VERSION ([0-9.]+)", f.read()).group(1)


class cmake_build_ext(build_ext):
    def build_extension(self, ext):
        build_dir = os.environ.get("GRUNDY_BUILD_DIR")
        jobs = str(os.cpu_count() or 1)
        if build_dir:
            build_dir = os.path.abspath(build_dir)
        else:
            build_dir = os.path.join(ROOT, "build", "pip", "cmake")
            # Only the library and the module: no tool, tests, examples or benchmarks.
            subprocess.run(["cmake", "-S", ROOT, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release",
                            f"-DPython3_EXECUTABLE={sys.executable}", "-DGRUNDY_PYTHON=ON",
                            "-DGRUNDY_BUILD_APPS=OFF", "-DGRUNDY_BUILD_TESTS=OFF",
                            "-DGRUNDY_BUILD_EXAMPLES=OFF", "-DGRUNDY_BUILD_BENCH=OFF",
                            "-DGRUNDY_INSTALL=OFF"], check=True)
        subprocess.run(["cmake", "--build", build_dir, "--target", "grundy_python", "-j", jobs], check=True)
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        built = os.path.join(build_dir, "python", "grundy" + suffix)
        if not os.path.exists(built):
            sys.exit(f"{build_dir} holds no module grundy{suffix} for this Python ({sys.executable})")
        target = self.get_ext_fullpath(ext.name)
        package = os.path.dirname(target)
        os.makedirs(package, exist_ok=True)
        shutil.copyfile(built, target)
        shutil.copyfile(os.path.join(ROOT, "python", "grundy.pyi"), os.path.join(package, "__init__.pyi"))
        shutil.copyfile(os.path.join(ROOT, "python", "py.typed"), os.path.join(package, "py.typed"))


# setuptools' own folders go under build/pip, away from the CMake build's build/lib.
work = os.path.join(ROOT, "build", "pip")
os.makedirs(work, exist_ok=True)
setup(
    version=version(),
    # The package is the extension itself: grundy/__init__.<suffix>.so is imported as grundy.
    ext_modules=[Extension("grundy.__init__", sources=[])],
    packages=[],
    cmdclass={"build_ext": cmake_build_ext},
    options={"build": {"build_base": work}, "egg_info": {"egg_base": work}},
    zip_safe=False,
)
