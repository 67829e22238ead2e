//===- RunDir.h - A run's directory ------------------------------*- C++ -*-===//
//
// Everything a run leaves behind, in formats other tools read:
//   config.json      the resolved configuration, seed, versions
//   log.jsonl        one line per evaluation
//   generations.csv  one row per generation
//   pareto.json      the final front
//   summary.json     the best variant, its minimised edits, ablation,
//                    held-out validation
//   best/            kernel.ll, kernel.edits, kernel.diff, and kernel.ptx
//                    (a GPU target: its image, e.g. kernel.hsaco)
//   checkpoint       population, cache and RNG state (for --resume)
//   report.html      a self-contained page with the plots
// Files that are rewritten are written to a temporary name and renamed, so
// a kill at any moment leaves either the old or the new version.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_RUNDIR_H
#define GEVO_EVOLVE_RUNDIR_H

#include "llvm/Support/Error.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace gevo::evolve {

class RunDir {
public:
  /// A new run directory; an existing path is an error (nothing in it is
  /// touched).
  static llvm::Expected<RunDir> create(const std::string &Path);
  /// An existing run directory (to resume or report on).
  static llvm::Expected<RunDir> open(const std::string &Path);

  const std::string &path() const { return Path; }
  std::string file(const std::string &Name) const { return Path + "/" + Name; }

  /// Writes Name atomically (temporary file, then rename).
  llvm::Error writeFile(const std::string &Name, const std::string &Text) const;
  llvm::Expected<std::string> readFile(const std::string &Name) const;
  llvm::Expected<nlohmann::json> readJson(const std::string &Name) const;

  /// Appends one line to Name and flushes it.
  llvm::Error appendLine(const std::string &Name, const std::string &Line);
  /// Appends \p Text (lines, each with its newline) to \p Name.
  llvm::Error appendText(const std::string &Name, const std::string &Text);
  /// Keeps the first \p Lines lines of Name (used by --resume to drop what
  /// the interrupted generation logged after the checkpoint).
  llvm::Error truncateLines(const std::string &Name, uint64_t Lines) const;

private:
  explicit RunDir(std::string Path) : Path(std::move(Path)) {}
  std::string Path;
};

} // namespace gevo::evolve

#endif
