//===- NvccFlags.cpp - nvcc's command-line spellings for gevo-cc -----------===//

#include "NvccFlags.h"

#include <cctype>
#include <cstring>
#include <regex>

namespace gevo {

namespace {
/// nvcc flags that take a value (as the next word or after '=') and only
/// concern the host compiler, ptxas, the linker or the build, with why.
struct Dropped {
  const char *Flag;
  bool TakesValue;
  const char *Why;
};
constexpr Dropped DroppedFlags[] = {
    {"-Xcompiler", true, "host compiler options do not apply to device IR"},
    {"--compiler-options", true, "host compiler options do not apply to device IR"},
    {"-Xptxas", true, "ptxas options do not apply to LLVM IR"},
    {"--ptxas-options", true, "ptxas options do not apply to LLVM IR"},
    {"-Xlinker", true, "gevo-cc does not link"},
    {"--linker-options", true, "gevo-cc does not link"},
    {"-ccbin", true, "gevo-cc compiles device code with clang 19"},
    {"--compiler-bindir", true, "gevo-cc compiles device code with clang 19"},
    {"-maxrregcount", true, "register limits are ptxas's"},
    {"--maxrregcount", true, "register limits are ptxas's"},
    {"-rdc", true, "gevo-cc compiles one file's device code on its own"},
    {"--relocatable-device-code", true,
     "gevo-cc compiles one file's device code on its own"},
    {"-G", false, "device debug code would change the IR gevo evolves"},
    {"--device-debug", false, "device debug code would change the IR gevo evolves"},
    {"-dc", false, "gevo-cc compiles one file's device code on its own"},
    {"-c", false, "gevo-cc always compiles to IR"},
    {"-m64", false, "NVPTX is 64-bit"},
    {"--expt-relaxed-constexpr", false, "clang 19 does it already"},
    {"--expt-extended-lambda", false, "clang 19 does it already"},
    {"--extended-lambda", false, "clang 19 does it already"},
    {"-Wno-deprecated-gpu-targets", false, "gevo-cc does not warn about them"},
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
    bool Matched = false;
    for (const Dropped &D : DroppedFlags) {
      int At = I;
      const char *V = D.TakesValue ? valueOf(D.Flag, Argc, Argv, At) : nullptr;
      if (V || (!D.TakesValue && A == D.Flag)) {
        T.Notes.push_back(std::string(Argv[I]) + (V && At > I ? " " + std::string(V) : "") +
                          ": " + D.Why + "; ignored");
        I = At;
        Matched = true;
        break;
      }
    }
    if (Matched)
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

} // namespace gevo
