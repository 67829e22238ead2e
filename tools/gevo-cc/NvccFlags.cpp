//===- NvccFlags.cpp - nvcc's command-line spellings for gevo-cc -----------===//

#include "NvccFlags.h"

#include <cctype>
#include <algorithm>
#include <cstring>
#include <regex>

namespace gevo {

namespace {
/// nvcc flags that take a value (as the next word or after '=') and only
/// concern the host compiler, ptxas, the linker or the build, with why; each
/// with its spellings (nvcc's short and long names, with one dash or two).
struct Dropped {
  const char *Flags[4];
  bool TakesValue;
  const char *Why;
};
constexpr Dropped DroppedFlags[] = {
    {{"-Xcompiler", "--compiler-options"}, true,
     "host compiler options do not apply to device IR"},
    {{"-forward-unknown-to-host-compiler"}, false,
     "host compiler options do not apply to device IR"},
    {{"-Xptxas", "--ptxas-options"}, true,
     "ptxas options do not apply to LLVM IR"},
    {{"-Xlinker", "--linker-options", "-cudart", "--cudart"}, true,
     "gevo-cc does not link"},
    {{"-ccbin", "--compiler-bindir"}, true,
     "gevo-cc compiles device code with clang 19"},
    {{"-maxrregcount", "--maxrregcount"}, true, "register limits are ptxas's"},
    {{"-rdc", "--relocatable-device-code"}, true,
     "gevo-cc compiles one file's device code on its own"},
    {{"-dc", "-dlto"}, false,
     "gevo-cc compiles one file's device code on its own"},
    {{"-G", "--device-debug"}, false,
     "device debug code would change the IR gevo evolves"},
    {{"-c"}, false, "gevo-cc always compiles to IR"},
    {{"-m64"}, false, "NVPTX is 64-bit"},
    {{"--expt-relaxed-constexpr", "--expt-extended-lambda",
      "--extended-lambda"},
     false, "clang 19 does it already"},
    {{"-Wno-deprecated-gpu-targets"}, false,
     "gevo-cc does not warn about them"},
    {{"-x"}, true, "gevo-cc always compiles CUDA"},
    {{"-Xcudafe", "--diag-suppress", "-diag-suppress"}, true,
     "nvcc's front end is not used"},
    {{"-Werror", "--Werror"}, true,
     "nvcc's warning classes do not apply to clang"},
    {{"--threads", "-t"}, true, "gevo-cc compiles one architecture"},
    {{"--default-stream", "-default-stream"}, true, "streams are host code"},
    {{"--resource-usage", "-res-usage"}, false, "ptxas reports resource usage"},
    {{"--keep", "-keep"}, false, "gevo-cc keeps no intermediate files"},
    {{"-src-in-ptx"}, false, "gevo-cc writes LLVM IR"},
};

/// nvcc spellings of flags gevo-cc takes too, with gevo-cc's (or clang's)
/// spelling: nvcc's long names for -I, -D, -O and -include, and its switches
/// for the float modes clang sets the same way.
struct Renamed {
  const char *Flag;
  const char *To; ///< gevo-cc's flag, given the value.
  bool ToClang;   ///< Passed to clang, not parsed by gevo-cc.
};
constexpr Renamed RenamedFlags[] = {
    {"--include-path", "-I", false},  {"--define-macro", "-D", false},
    {"--optimize", "-O", false},      {"--pre-include", "-include", true},
    {"--output-file", "-o", false},
};

/// nvcc's float-mode switches that have a clang equivalent (by value), with
/// their two spellings.
struct Switch {
  const char *Flags[2];
  const char *Value;
  const char *Clang; ///< "" : nothing to pass (clang's default).
};
constexpr Switch SwitchFlags[] = {
    {{"-ftz", "--ftz"}, "true", "-fgpu-flush-denormals-to-zero"},
    {{"-ftz", "--ftz"}, "false", ""},
    {{"-fmad", "--fmad"}, "false", "-ffp-contract=off"},
    {{"-fmad", "--fmad"}, "true", ""},
    {{"-prec-div", "--prec-div"}, "true", ""},
    {{"-prec-sqrt", "--prec-sqrt"}, "true", ""},
};

/// The value of Flag in Args[I] ("-arch=sm_90" or "-arch" "sm_90"), moving I
/// past it; nullptr when Args[I] is not Flag.
const char *valueOf(const char *Flag, int Argc, char **Argv, int &I) {
  size_t N = std::strlen(Flag);
  if (std::strncmp(Argv[I], Flag, N) != 0)
    return nullptr;
  if (Argv[I][N] == '=')
    return Argv[I] + N + 1;
  if (Argv[I][N] != '\0' || I + 1 >= Argc)
    return nullptr;
  return Argv[++I];
}

/// "sm_90" from "sm_90", "compute_90" or "-gencode"'s "arch=compute_90,code=sm_90".
std::string archOf(std::string Value) {
  if (size_t Code = Value.find("code="); Code != std::string::npos) {
    Value = Value.substr(Code + 5);
    Value = Value.substr(0, Value.find_first_of(",]"));
    if (Value.front() == '[')
      Value.erase(0, 1);
  }
  if (Value.rfind("compute_", 0) == 0)
    return "sm_" + Value.substr(8);
  return Value;
}
/// RenamedFlags: Argv[I] (and its value) into T; false when it is none.
bool translateRenamed(int Argc, char **Argv, int &I, NvccTranslation &T) {
  for (const Renamed &R : RenamedFlags) {
    if (const char *V = valueOf(R.Flag, Argc, Argv, I)) {
      std::vector<std::string> &Into = R.ToClang ? T.Clang : T.Args;
      if (std::strcmp(R.To, "-o") == 0 || std::strcmp(R.To, "-include") == 0)
        Into.insert(Into.end(), {R.To, V});
      else
        Into.push_back(std::string(R.To) + V);
      return true;
    }
  }
  return false;
}

/// DroppedFlags: a note for Argv[I] (and its value) in T; false when it is
/// none.
bool translateDropped(int Argc, char **Argv, int &I, NvccTranslation &T) {
  for (const Dropped &D : DroppedFlags) {
    for (const char *Flag : D.Flags) {
      if (!Flag)
        break;
      int At = I;
      const char *V = D.TakesValue ? valueOf(Flag, Argc, Argv, At) : nullptr;
      if (!V && (D.TakesValue || std::strcmp(Argv[I], Flag) != 0))
        continue;
      T.Notes.push_back(std::string(Argv[I]) +
                        (V && At > I ? " " + std::string(V) : "") + ": " +
                        D.Why + "; ignored");
      I = At;
      return true;
    }
  }
  return false;
}

/// SwitchFlags: Argv[I] into T; false when it is none. A value without a
/// clang equivalent (-prec-sqrt=false) is left for the option parser to
/// reject.
bool translateSwitch(int Argc, char **Argv, int &I, NvccTranslation &T) {
  for (const Switch &S : SwitchFlags) {
    for (const char *Flag : S.Flags) {
      int At = I;
      const char *V = valueOf(Flag, Argc, Argv, At);
      if (!V || std::strcmp(V, S.Value) != 0)
        continue;
      I = At;
      if (*S.Clang)
        T.Clang.push_back(S.Clang);
      return true;
    }
  }
  return false;
}
} // namespace

unsigned smNumber(const std::string &Arch) {
  size_t At = Arch.find('_');
  if (At == std::string::npos || At + 1 >= Arch.size() ||
      !std::isdigit(static_cast<unsigned char>(Arch[At + 1])))
    return 0;
  return unsigned(std::stoul(Arch.substr(At + 1)));
}

NvccTranslation translateNvccFlags(int Argc, char **Argv) {
  NvccTranslation T;
  T.Args.push_back(Argv[0]);
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    if (const char *V = valueOf("-arch", Argc, Argv, I);
        V || (V = valueOf("--gpu-architecture", Argc, Argv, I)) ||
        (V = valueOf("-gencode", Argc, Argv, I)) ||
        (V = valueOf("--generate-code", Argc, Argv, I))) {
      T.Args.insert(T.Args.end(), {"--arch", archOf(V)});
      continue;
    }
    if (const char *V = valueOf("--std", Argc, Argv, I);
        V || (V = valueOf("-std", Argc, Argv, I))) {
      T.Clang.push_back(std::string("-std=") + V);
      continue;
    }
    if (const char *V = valueOf("-include", Argc, Argv, I)) {
      T.Clang.insert(T.Clang.end(), {"-include", V});
      continue;
    }
    if (A == "-w" || A == "--disable-warnings" ||
        (A.rfind("-Wno-", 0) == 0 && A != "-Wno-deprecated-gpu-targets")) {
      T.Clang.push_back(A == "--disable-warnings" ? "-w" : A);
      continue;
    }
    if (translateRenamed(Argc, Argv, I, T) || translateSwitch(Argc, Argv, I, T))
      continue;
    if (A == "-use_fast_math" || A == "--use_fast_math") {
      // nvcc's fast math: flushed denormals, approximate division and
      // square roots, contracted multiply-adds.
      T.Clang.insert(T.Clang.end(),
                     {"-ffast-math", "-fgpu-flush-denormals-to-zero"});
      continue;
    }
    if (A == "-lineinfo" || A == "--generate-line-info" || A == "-g") {
      T.Clang.push_back("-gline-tables-only");
      continue;
    }
    if (translateDropped(Argc, Argv, I, T))
      continue;
    if (A.size() > 2 && (A.rfind("-l", 0) == 0 || A.rfind("-L", 0) == 0)) {
      T.Notes.push_back(A + ": gevo-cc does not link; ignored");
      continue;
    }
    T.Args.push_back(A);
  }
  return T;
}

std::string joinLaunchChevrons(const std::string &Source) {
  // `<< <` ... `>> >` on one line, the launch configuration between them.
  static const std::regex Launch(R"(<<[ \t]+<([^;\n]*?)>>[ \t]+>)");
  if (!std::regex_search(Source, Launch))
    return "";
  return std::regex_replace(Source, Launch, "<<<$1>>>");
}

namespace {
bool isIdentChar(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
}

/// The end of the comment, string or character literal starting at I, or I
/// when none starts there.
size_t skipNonCode(const std::string &S, size_t I) {
  if (S.compare(I, 2, "//") == 0) {
    size_t End = S.find('\n', I);
    return End == std::string::npos ? S.size() : End;
  }
  if (S.compare(I, 2, "/*") == 0) {
    size_t End = S.find("*/", I + 2);
    return End == std::string::npos ? S.size() : End + 2;
  }
  if (S[I] != '"' && S[I] != '\'')
    return I;
  size_t J = I + 1;
  while (J < S.size() && S[J] != S[I] && S[J] != '\n')
    J += S[J] == '\\' ? 2 : 1;
  return std::min(J + 1, S.size());
}

/// Copies the string literals of the asm template starting at I (after
/// `asm (`) to Out with bare `%` before a letter doubled; returns where the
/// template ends and sets Changed.
size_t escapeTemplate(const std::string &S, size_t I, std::string &Out,
                      bool &Changed) {
  while (I < S.size()) {
    if (std::isspace(static_cast<unsigned char>(S[I]))) {
      Out += S[I++];
      continue;
    }
    if (S[I] != '"')
      return I;
    size_t End = skipNonCode(S, I);
    for (size_t J = I; J < End; ++J) {
      Out += S[J];
      if (S[J] == '\\' && J + 1 < End)
        Out += S[++J];
      else if (S[J] == '%' && J + 1 < End && S[J + 1] == '%')
        Out += S[++J];
      else if (S[J] == '%' && J + 1 < End &&
               std::isalpha(static_cast<unsigned char>(S[J + 1]))) {
        Out += '%';
        Changed = true;
      }
    }
    I = End;
  }
  return I;
}
} // namespace

std::string escapeAsmPercents(const std::string &Source) {
  static const std::regex AsmStart(
      R"((asm|__asm|__asm__)(\s+(volatile|__volatile__|inline|goto))*\s*\()");
  std::string Out;
  Out.reserve(Source.size());
  bool Changed = false;
  size_t I = 0;
  while (I < Source.size()) {
    if (size_t End = skipNonCode(Source, I); End != I) {
      Out.append(Source, I, End - I);
      I = End;
      continue;
    }
    std::smatch M;
    bool AtWord = I == 0 || !isIdentChar(Source[I - 1]);
    if (AtWord && (Source[I] == '_' || Source[I] == 'a')) {
      auto From = Source.begin() + I;
      auto To = Source.begin() + std::min(Source.size(), I + 200);
      if (std::regex_search(From, To, M, AsmStart,
                            std::regex_constants::match_continuous)) {
        Out.append(Source, I, M.length());
        I = escapeTemplate(Source, I + M.length(), Out, Changed);
        continue;
      }
    }
    Out += Source[I++];
  }
  return Changed ? Out : "";
}

} // namespace gevo
