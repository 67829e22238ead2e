//===- NvccFlags.h - nvcc's command-line spellings for gevo-cc ---*- C++ -*-===//
//
// Users paste the nvcc command line of their Makefile. translateNvccFlags
// rewrites it into gevo-cc's own options before they are parsed: nvcc's
// spellings of what gevo-cc does too are mapped (-arch=sm_90, -gencode,
// --std=c++14, -include, -use_fast_math, -lineinfo), and what only concerns
// the host compiler, ptxas or the linker is dropped with a one-line note.
// Two leniencies of nvcc about the source itself are also made clang's
// (joinLaunchChevrons, escapeAsmPercents), in a copy gevo-cc compiles.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_TOOLS_GEVO_CC_NVCCFLAGS_H
#define GEVO_TOOLS_GEVO_CC_NVCCFLAGS_H

#include <string>
#include <vector>

namespace gevo {

struct NvccTranslation {
  /// gevo-cc's argv (Args[0] is the program).
  std::vector<std::string> Args;
  /// Flags to pass to clang as they are (-include FILE, -std=, fast math).
  std::vector<std::string> Clang;
  /// One line per dropped flag: "-Xcompiler -fopenmp: host compiler options
  /// do not apply to device IR; ignored".
  std::vector<std::string> Notes;
};

NvccTranslation translateNvccFlags(int Argc, char **Argv);

/// The SM number of "sm_80", "sm_90a", "compute_75"; 0 when it is none.
unsigned smNumber(const std::string &Arch);

/// Source with CUDA launches written with spaced chevrons (`k<< <g, b>> >(`,
/// as old code did for compilers that lexed `<<<` badly) joined into
/// `<<<`/`>>>`, line numbers unchanged; empty when there are none.
std::string joinLaunchChevrons(const std::string &Source);

/// Source with each bare `%` before a letter in an inline-asm template
/// (`asm("mov.u32 %0, %laneid;" ...)`) doubled: nvcc passes such a `%`
/// through to the PTX, clang rejects it ("invalid % escape"). Operands
/// (`%0`), `%%` and everything outside asm templates are left alone; line
/// numbers are unchanged. Empty when there is nothing to double.
std::string escapeAsmPercents(const std::string &Source);

} // namespace gevo

#endif
