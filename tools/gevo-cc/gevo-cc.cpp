//===- gevo-cc.cpp - Compile CUDA source to NVPTX LLVM IR -----------------===//
//
//   gevo-cc [options] kernel.cu -o kernel.ll
//
// Runs clang 19 in CUDA device-only mode, on a CUDA toolkit's headers when
// one is found (through the compat layer in include/nvidia/), else on gevo's
// own (include/gevo_cuda.h): see CudaHeaders.h. Any machine with clang 19
// turns a real CUDA file, host code and all, into the NVPTX IR that gevo
// evolves. libdevice is not linked: math stays as calls of __nv_*
// declarations.
//
//===----------------------------------------------------------------------===//

#include "CudaHeaders.h"
#include "NvccFlags.h"
#include "ToolSupport.h"

#include "gevo/support/Process.h"

#include "gevo/harness/Cuda.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <boost/program_options.hpp>

#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

using namespace llvm;
namespace po = boost::program_options;

namespace {
constexpr const char *Tool = "gevo-cc";

// Clang pins the PTX ISA version from the CUDA toolkit it happens to detect
// (none: PTX 4.2, too old for sm_80). gevo pins it instead, so the IR is the
// same on every machine: PTX 8.0 covers sm_75 up to sm_90a.
constexpr const char *PtxFeature = "+ptx80";

struct Options {
  std::string Input;
  std::string Output;
  std::string Arch;
  std::string OptLevel;
  std::string Emit;
  std::string DepFile;
  std::vector<std::string> Defines;
  std::vector<std::string> IncludeDirs;
  /// Passed to clang as they are (nvcc's -include, -std=, fast math).
  std::vector<std::string> ClangFlags;
  /// The file clang compiles: Input, or a copy of it with its spaced launch
  /// chevrons joined (joinLaunchChevrons).
  std::string Source;
  bool PrintCommand = false;
  bool NoLineTables = false;
  /// auto, gevo (gevo's own CUDA headers) or nvidia (a CUDA toolkit's).
  std::string Headers = "auto";
  /// What Headers resolved to (resolveOptions).
  gevo::HeaderChoice Choice;
};

constexpr const char *Overview =
    R"(gevo-cc: compile CUDA source to NVPTX LLVM IR for gevo

Usage: gevo-cc [options] kernel.cu [-o kernel.ll]

Compiles the device code of a CUDA file (kernels and __device__ functions)
to LLVM IR for nvptx64-nvidia-cuda, the input of every other gevo tool. The
file may contain host code too (main, cudaMalloc, <<<...>>> launches): it is
parsed, not compiled. When a CUDA toolkit (12 or 13, with headers) is found,
gevo-cc runs clang 19 on its headers (cuda_fp16.h, cooperative groups, CUB,
cuBLAS, ...) through a small compat layer; without one, on gevo's own CUDA
headers (--cuda-headers picks either). libdevice is not linked, so math
functions stay as calls of __nv_* declarations.

Options)";

constexpr const char *Examples = R"(
Examples:
  gevo-cc matmul.cu -o matmul.ll               text IR, sm_80, -O2
  gevo-cc -O3 --arch sm_90 -DTILE=32 matmul.cu -o matmul.bc
  gevo-cc matmul.cu -o - | less                IR on stdout
  gevo-cc --print-command matmul.cu            show how clang is run
  gevo-cc --cuda-headers gevo old.cu           gevo's headers, toolkit or not

Environment:
  GEVO_CLANG   the clang 19 to run (default: the one gevo was built with)
  CUDA_PATH    the CUDA toolkit for --cuda-headers auto and nvidia (also
               CUDA_HOME; default /usr/local/cuda)
)";

po::options_description visibleOptions(Options &O) {
  po::options_description Desc(Overview);
  // clang-format off
  Desc.add_options()
    ("help,h", "show this help")
    ("version", "show versions and the paths gevo-cc uses")
    ("output,o", po::value(&O.Output)->value_name("FILE"),
     "output file; '-' is stdout (default: the input's name with .ll or .bc)")
    ("arch", po::value(&O.Arch)->default_value("sm_80")->value_name("SM"),
     "GPU architecture, sm_75 or newer (also nvcc's -arch=SM, "
     "--gpu-architecture, -gencode arch=...,code=SM)")
    ("opt-level,O", po::value(&O.OptLevel)->default_value("2")->value_name("N"),
     "optimisation level: -O0, -O1, -O2 or -O3")
    ("define,D", po::value(&O.Defines)->composing()->value_name("NAME[=V]"),
     "define a macro (repeatable), e.g. -DTILE=16")
    ("include-dir,I", po::value(&O.IncludeDirs)->composing()->value_name("DIR"),
     "add a directory to the include path (repeatable)")
    ("emit", po::value(&O.Emit)->value_name("ll|bc"),
     "text IR or bitcode (default: bc when the output ends in .bc, else ll)")
    ("depfile", po::value(&O.DepFile)->value_name("FILE"),
     "also write the headers the input uses as a Makefile rule")
    ("no-line-tables", po::bool_switch(&O.NoLineTables),
     "leave out line tables (by default the IR has clang's "
     "-gline-tables-only, so gevo names each edit's source line)")
    ("print-command", po::bool_switch(&O.PrintCommand),
     "print the clang command line on stderr before running it")
    ("cuda-headers", po::value(&O.Headers)->default_value("auto")->value_name("H"),
     "the CUDA headers: nvidia (a CUDA toolkit's: fp16, bf16, cooperative "
     "groups, CUB, cuRAND, WMMA), gevo (gevo's own, no toolkit needed) or "
     "auto (nvidia when a CUDA 12 or 13 toolkit with headers is found, else "
     "gevo; --version says which)");
  // clang-format on
  return Desc;
}

void printVersion(StringRef Clang, StringRef HeaderDir,
                  const gevo::HeaderChoice &C) {
  const gevo::ToolkitProbe &T = C.Toolkit;
  outs() << "gevo-cc (gevo), built with LLVM " LLVM_VERSION_STRING "\n"
         << "  clang:   " << Clang << "\n"
         << "  headers: " << C.name() << " (--cuda-headers " << C.Requested
         << ": " << C.Why << ")\n"
         << "  nvidia:  "
         << (T.HasHeaders ? T.Root + "/include, " + T.versionName() +
                                ", compat layer " + HeaderDir.str() + "/nvidia"
                          : "no CUDA toolkit headers at " + T.Root)
         << "\n"
         << "  gevo:    " << HeaderDir << "\n";
}

/// The directory holding gevo_cuda.h and stubs/: the copy installed beside
/// the executable (<exe dir>/../share/gevo/include), so that an installed or
/// relocated gevo-cc uses its own headers, else the source tree gevo-cc was
/// built from.
std::string findHeaderDir(const char *Argv0) {
  SmallVector<std::string, 2> Candidates;
  std::string Exe = sys::fs::getMainExecutable(
      Argv0, reinterpret_cast<void *>(&findHeaderDir));
  if (!Exe.empty()) {
    SmallString<256> Installed(sys::path::parent_path(Exe));
    sys::path::append(Installed, "..", "share", "gevo", "include");
    sys::path::remove_dots(Installed, /*remove_dot_dot=*/true);
    Candidates.push_back(std::string(Installed));
  }
  Candidates.push_back(GEVO_CC_SOURCE_INCLUDE_DIR);
  for (const std::string &Dir : Candidates)
    if (sys::fs::exists(Dir + "/gevo_cuda.h"))
      return Dir;
  gevo::toolError(Tool, "cannot find gevo's CUDA headers (gevo_cuda.h) in " +
                            join(Candidates, " or "));
}

gevo::HeaderChoice chooseHeaders(StringRef Requested) {
  Expected<gevo::HeaderChoice> C = gevo::chooseCudaHeaders(Requested);
  if (!C)
    gevo::toolError(Tool, toString(C.takeError()));
  return *C;
}

std::string clangPath() {
  const char *Env = std::getenv("GEVO_CLANG");
  return Env && *Env ? Env : GEVO_CC_CLANG;
}

Options parseOptions(int Argc, char **Argv, std::string &HeaderDir) {
  Options O;
  po::options_description Visible = visibleOptions(O);
  po::options_description All;
  All.add(Visible).add_options()("input", po::value(&O.Input));
  po::variables_map VM;
  gevo::parseCommandLine(Tool, Argc, Argv, All, "input", VM);
  if (VM.count("help")) {
    gevo::HeaderChoice Auto = chooseHeaders("auto");
    std::cout << Visible << Examples << "\nHere --cuda-headers auto picks "
              << Auto.name().str() << ": " << Auto.Why << "\n";
    std::exit(0);
  }
  HeaderDir = findHeaderDir(Argv[0]);
  if (VM.count("version")) {
    printVersion(clangPath(), HeaderDir, chooseHeaders(O.Headers));
    std::exit(0);
  }
  return O;
}

/// Checks the values and fills in what follows from them.
void resolveOptions(Options &O) {
  if (O.Input.empty())
    gevo::toolError(Tool, "no input file (see --help)");
  unsigned Sm = gevo::smNumber(O.Arch);
  if (Sm == 0)
    gevo::toolError(Tool, "--arch '" + O.Arch + "' is not a GPU architecture "
                          "such as sm_80");
  if (Sm < 75)
    gevo::toolError(Tool, "--arch " + O.Arch + ": gevo-cc compiles for sm_75 "
                          "or newer, as CUDA 13 does");
  if (O.OptLevel.size() != 1 || O.OptLevel[0] < '0' || O.OptLevel[0] > '3')
    gevo::toolError(Tool, "invalid optimisation level '-O" + O.OptLevel +
                              "' (use -O0, -O1, -O2 or -O3)");
  O.Choice = chooseHeaders(O.Headers);
  if (!O.Choice.Note.empty())
    errs() << Tool << ": note: " << O.Choice.Note << "\n";
  if (O.Emit.empty())
    O.Emit = StringRef(O.Output).ends_with(".bc") ? "bc" : "ll";
  if (O.Emit != "ll" && O.Emit != "bc")
    gevo::toolError(Tool, "invalid --emit '" + O.Emit + "' (use ll or bc)");
  if (O.Output.empty()) {
    SmallString<128> Out(sys::path::filename(O.Input));
    sys::path::replace_extension(Out, O.Emit);
    O.Output = std::string(Out);
  }
}

void checkReadable(StringRef Path) {
  int FD;
  if (std::error_code EC = sys::fs::openFileForRead(Path, FD))
    gevo::toolError(Tool, "cannot read '" + Path + "': " + EC.message());
  sys::Process::SafelyCloseFileDescriptor(FD);
}

/// How clang finds the CUDA headers: gevo's, or a toolkit's with the
/// compat layer (include/nvidia/: each shim says which gap it covers).
/// Either way the host-only libraries' stand-ins (include/hostonly/) come
/// last, behind any real header of the same name (the toolkit's cuBLAS,
/// clang's omp.h).
std::vector<std::string> headerArgs(const Options &O, StringRef HeaderDir) {
  std::string HostOnly = (HeaderDir + "/hostonly").str();
  if (!O.Choice.Nvidia)
    return {"-nocudainc", "-isystem", (HeaderDir + "/stubs").str(),
            "-include", (HeaderDir + "/gevo_cuda.h").str(),
            "-idirafter", HostOnly};
  std::string Cuda = O.Choice.Toolkit.Root;
  std::vector<std::string> Args = {
      "--cuda-path=" + Cuda, "-isystem", Cuda + "/include/cccl",
      "-isystem", (HeaderDir + "/nvidia").str(),
      "-include", (HeaderDir + "/nvidia/gevo_nvidia.h").str(),
      "-idirafter", HostOnly};
  // clang 19's __clang_cuda_intrinsics.h hands __reduce_*_sync's (mask,
  // value) to builtins that take (value, mask) (llvm-project issue 131415,
  // fixed upstream in 2025): swapped back before that header is read.
  for (const char *Op : {"add", "min", "max", "umin", "umax", "and", "or", "xor"})
    Args.push_back(formatv("-D__nvvm_redux_sync_{0}(m,v)=__nvvm_redux_sync_{0}(v,m)",
                           Op).str());
  // clang 19's sqrtf calls libdevice's __nv_sqrtf, which asks
  // __nvvm_reflect("__CUDA_PREC_SQRT"): LLVM 19 answers 0, making it
  // sqrt.approx.f32. nvcc's sqrtf is IEEE (-prec-sqrt=true): routed to
  // __nv_fsqrt_rn, as gevo's own header does (sqrtf-ieee.test).
  Args.push_back("-D__nv_sqrtf=__nv_fsqrt_rn");
  return Args;
}

/// The command line of clang, which writes its IR to ClangOut.
std::vector<std::string> clangArgs(const Options &O, StringRef Clang,
                                   StringRef HeaderDir, StringRef ClangOut) {
  // clang-format off
  std::vector<std::string> Args = {
      Clang.str(), "-x", "cuda", "--cuda-device-only",
      "--cuda-gpu-arch=" + O.Arch, "-nocudalib",
      std::string("--cuda-feature=") + PtxFeature,
      // Set by clang only when it detects a CUDA toolkit; gevo sets it always.
      "-Xclang", "-fcuda-allow-variadic-functions",
      // Clang warns about a CUDA toolkit newer than it knows.
      "-Wno-unknown-cuda-version",
      O.Emit == "bc" ? "-c" : "-S", "-emit-llvm", "-O" + O.OptLevel};
  // clang-format on
  std::vector<std::string> Headers = headerArgs(O, HeaderDir);
  Args.insert(Args.end(), Headers.begin(), Headers.end());
  for (const std::string &D : O.Defines)
    Args.push_back("-D" + D);
  for (const std::string &I : O.IncludeDirs)
    Args.push_back("-I" + I);
  if (!O.NoLineTables)
    Args.push_back("-gline-tables-only");
  Args.insert(Args.end(), O.ClangFlags.begin(), O.ClangFlags.end());
  if (O.Source != O.Input) { // the copy's quoted includes are the input's
    SmallString<256> Dir(O.Input);
    sys::fs::make_absolute(Dir);
    sys::path::remove_filename(Dir);
    Args.push_back(("-I" + Dir).str());
  }
  if (!O.DepFile.empty())
    Args.insert(Args.end(), {"-MD", "-MF", O.DepFile, "-MT", O.Output});
  Args.insert(Args.end(), {O.Source, "-o", ClangOut.str()});
  return Args;
}

void printCommand(ArrayRef<std::string> Args) {
  ListSeparator Space(" ");
  for (const std::string &A : Args) {
    bool Plain = !A.empty() && all_of(A, [](char C) {
      return isAlnum(C) || StringRef("_-+=./,:@%").contains(C);
    });
    errs() << Space;
    sys::printArg(errs(), A, /*Quote=*/!Plain);
  }
  errs() << "\n";
}

} // namespace

/// O.Source: the input, or a temporary copy with nvcc's leniencies made
/// clang's (spaced launch chevrons joined, bare % before a register name in
/// inline PTX doubled; a #line keeps diagnostics and line tables on the
/// input); the copy's path, to remove, or "".
std::string rewriteSource(Options &O) {
  O.Source = O.Input;
  auto Buf = MemoryBuffer::getFile(O.Input, /*IsText=*/true);
  if (!Buf)
    return "";
  std::string Text = (*Buf)->getBuffer().str();
  std::string Joined = gevo::joinLaunchChevrons(Text);
  std::string Escaped =
      gevo::escapeAsmPercents(Joined.empty() ? Text : Joined);
  if (!Escaped.empty())
    Joined = std::move(Escaped);
  if (Joined.empty())
    return "";
  SmallString<128> Copy;
  int FD;
  if (sys::fs::createTemporaryFile("gevo-cc", "cu", FD, Copy))
    gevo::toolError(Tool, "cannot create a temporary copy of " + O.Input);
  raw_fd_ostream OS(FD, /*shouldClose=*/true);
  OS << "#line 1 \"" << O.Input << "\"\n" << Joined;
  O.Source = std::string(Copy);
  return O.Source;
}

int main(int Argc, char **Argv) {
  std::string HeaderDir;
  gevo::NvccTranslation Nvcc = gevo::translateNvccFlags(Argc, Argv);
  std::vector<char *> Words;
  for (std::string &A : Nvcc.Args)
    Words.push_back(A.data());
  Options O = parseOptions(int(Words.size()), Words.data(), HeaderDir);
  for (const std::string &Note : Nvcc.Notes)
    errs() << Tool << ": note: " << Note << "\n";
  O.ClangFlags = std::move(Nvcc.Clang);
  resolveOptions(O);
  checkReadable(O.Input);
  std::string Copy = rewriteSource(O);
  std::string Clang = clangPath();
  SmallString<128> ClangOut;
  if (sys::fs::createTemporaryFile("gevo-cc", O.Emit, ClangOut))
    gevo::toolError(Tool, "cannot create a temporary file for clang's output");
  std::vector<std::string> Args = clangArgs(O, Clang, HeaderDir, ClangOut);
  if (O.PrintCommand)
    printCommand(Args);

  gevo::RunOptions RO;
  RO.Capture = false; // clang's diagnostics go to the user as they are
  gevo::ProgramResult R = gevo::runProgram(Args, RO);
  int RC = R.Exit;
  if (!Copy.empty())
    sys::fs::remove(Copy);
  if (!R.Error.empty()) {
    sys::fs::remove(ClangOut);
    gevo::toolError(Tool, "cannot run clang '" + Clang + "': " + R.Error);
  }
  // Clang has printed its diagnostics (file:line: error: ...) unchanged.
  Error Recorded = RC == 0 ? gevo::recordCudaHeaders(ClangOut, O.Output,
                                                     O.Emit == "bc", O.Choice)
                           : Error::success();
  sys::fs::remove(ClangOut);
  if (Recorded)
    gevo::toolError(Tool, toString(std::move(Recorded)));
  return RC;
}
