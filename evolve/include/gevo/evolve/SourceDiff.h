//===- SourceDiff.h - The IR diff a CUDA programmer reads -------*- C++ -*-===//
//
// Where an instruction came from in the CUDA source (with line tables:
// gevo-cc's default, or -lineinfo), and the best variant's diff against the
// base with every changed instruction's source line named.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_SOURCEDIFF_H
#define GEVO_EVOLVE_SOURCEDIFF_H

#include <optional>
#include <string>

namespace llvm {
class Instruction;
class Module;
} // namespace llvm

namespace gevo::evolve {

/// A source position and its line's text (trimmed; "" when the file cannot
/// be read where the line tables say it is).
struct SourceLine {
  std::string File; ///< file name without its directory
  unsigned Line = 0;
  std::string Text;
};

/// I's source line, or nothing without line tables. Code inlined from a
/// header is placed at the line of the kernel's file it was inlined into.
std::optional<SourceLine> sourceLineOf(const llvm::Instruction &I);

/// A unified diff of the two modules' IR (dtl), for reading rather than for
/// patch: metadata numbers are dropped and unnamed values and blocks are
/// named after their UIDs (%u12: numbers would shift with every deleted
/// instruction), each instruction line ends with `; U<n> file.cu:LINE`, and
/// each hunk starts with a `# file.cu:LINE: <source text>` line per source
/// line its changes come from. "" when the modules print the same.
std::string sourceDiff(const llvm::Module &Base, const llvm::Module &Variant,
                       const std::string &BaseName,
                       const std::string &VariantName);

} // namespace gevo::evolve

#endif
