"""Builds the qilab extension with the project's CMake (target qilab_python) and packs it with the
Python files of python/qilab and the shipped data (configs/, as qilab/data/configs)."""
import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        # QILAB_CMAKE_BUILD reuses a configured build folder (e.g. build/) instead of build-pip/.
        build = os.path.abspath(os.environ.get("QILAB_CMAKE_BUILD", os.path.join(ROOT, "build-pip")))
        configure = ["cmake", "-S", ROOT, "-B", build, "-G", "Ninja", "-DQILAB_WITH_PYTHON=ON",
                     f"-DPython3_EXECUTABLE={sys.executable}"]
        if not os.path.exists(os.path.join(build, "CMakeCache.txt")):
            configure += ["-DCMAKE_BUILD_TYPE=Release", "-DQILAB_BUILD_BENCH=OFF"]
        subprocess.check_call(configure)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", "2")
        subprocess.check_call(["cmake", "--build", build, "-j", jobs, "--target", "qilab_python"])
        built = os.path.join(build, "python", "qilab")
        module = next(f for f in os.listdir(built) if f.startswith("_qilab") and f.endswith(".so"))
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(built, module), target)
        data = os.path.join(os.path.dirname(target), "data", "configs")
        if os.path.exists(data):
            shutil.rmtree(data)
        shutil.copytree(os.path.join(ROOT, "configs"), data)


setup(ext_modules=[CMakeExtension("qilab._qilab")], cmdclass={"build_ext": CMakeBuild})
