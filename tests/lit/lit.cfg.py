# lit configuration for gevo: FileCheck tests of the passes, gevo-cc and the tools.
import os
import shutil
import lit.formats

config.name = "gevo"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".ll", ".cu", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.gevo_obj_root, "tests", "lit")

tools = config.llvm_tools_dir
bin_dir = os.path.join(config.gevo_obj_root, "bin")
config.environment["PATH"] = os.pathsep.join([bin_dir, tools, config.environment.get("PATH", "")])

config.substitutions.append(("%opt", os.path.join(tools, "opt")))
config.substitutions.append(("%plugin", os.path.join(config.gevo_obj_root, "lib", "libGevoPasses.so")))
config.substitutions.append(("%gevo-cc", os.path.join(bin_dir, "gevo-cc")))
config.substitutions.append(("%gevo-mutate", os.path.join(bin_dir, "gevo-mutate")))
config.substitutions.append(("%gevo-run", os.path.join(bin_dir, "gevo-run")))
config.substitutions.append(("%gevo-evolve", os.path.join(bin_dir, "gevo-evolve")))
config.substitutions.append(("%gevo-report", os.path.join(bin_dir, "gevo-report")))
config.substitutions.append(("%gevo-model-check", os.path.join(bin_dir, "gevo-model-check")))
config.substitutions.append(("%corpus", os.path.join(config.gevo_obj_root, "benchmarks", "corpus")))
config.substitutions.append(("%src", config.gevo_src_root))
config.substitutions.append(("%obj", config.gevo_obj_root))
config.substitutions.append(("%cmake", config.cmake))
# The CUDA driver API's test double (tests/fakecuda), for GEVO_CUDA_DRIVER.
config.substitutions.append(("%fakecuda", os.path.join(config.gevo_obj_root, "lib", "libgevo_fake_cuda.so")))
# The test drivers' build cache, shared with the unit tests.
config.substitutions.append(("%driver-cache", os.path.join(config.gevo_obj_root, "tests", "driver-cache")))

# FileCheck, not and count resolve through PATH to LLVM 19's (never LLVM 14's).

cuda = os.environ.get("CUDA_PATH") or os.environ.get("CUDA_HOME") or "/usr/local/cuda"
# The tools under test look where lit looked (gevo-cc's --cuda-headers auto
# among them): CUDA_PATH=/nowhere runs the suite as on a machine without CUDA.
config.environment["CUDA_PATH"] = cuda
if os.path.exists(os.path.join(cuda, "bin", "ptxas")):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", os.path.join(cuda, "bin", "ptxas")))
else:
    lit_config.note("ptxas not found (set CUDA_PATH): tests that need it are UNSUPPORTED")
if os.path.exists(os.path.join(cuda, "include", "cuda_fp16.h")):
    config.available_features.add("cuda-headers")
else:
    lit_config.note("no CUDA toolkit headers (set CUDA_PATH): tests of "
                    "gevo-cc --cuda-headers nvidia are UNSUPPORTED")

# MPI: gevo built with it and a launcher to start ranks with. Root needs
# Open MPI's two consent variables; ranks share this machine's cores.
mpiexec = getattr(config, "mpiexec", "")
if mpiexec and os.path.exists(mpiexec):
    config.available_features.add("mpi")
    config.environment["OMPI_ALLOW_RUN_AS_ROOT"] = "1"
    config.environment["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1"
    config.substitutions.append(("%mpirun", mpiexec + " --oversubscribe"))
else:
    lit_config.note("gevo was built without MPI (or mpirun is missing): "
                    "tests of MPI jobs are UNSUPPORTED")

# GPU drivers: tests that need their absence (the one-line "no driver"
# errors) are UNSUPPORTED where one is installed.
import ctypes
for feature, library in (("cuda-driver", "libcuda.so.1"), ("hip-runtime", "libamdhip64.so")):
    try:
        ctypes.CDLL(library)
        config.available_features.add(feature)
    except OSError:
        pass

# Headless Chromium: the tests that load gevo's HTML pages and check that
# Chart.js drew every chart without a script error.
chromium = shutil.which("chromium") or shutil.which("chromium-browser")
if chromium:
    config.available_features.add("chromium")
    config.substitutions.append(("%chromium", chromium))
else:
    lit_config.note("chromium not found (apt-get install chromium): tests "
                    "that load the HTML reports in a browser are UNSUPPORTED")
