//===- Names.h - The names a user gives a function --------------*- C++ -*-===//
//
// Users name kernels and functions as they wrote them: `sgemm` for the
// symbol `_Z5sgemmPfi`, `scale<float>` or `scale` for a template instance,
// the symbol itself, or a glob (`needle_*`). gevo-run, gevo-evolve
// --functions and spec launches resolve names here, and every name that
// matches nothing lists the candidates.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_PASSES_NAMES_H
#define GEVO_PASSES_NAMES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace gevo {

/// The names \p Symbol answers to: itself, and for a C++ symbol its
/// demangled name up to the '(' ("ns::scale<float>"), without namespaces
/// ("scale<float>") and without template arguments ("scale").
std::vector<std::string> sourceNames(llvm::StringRef Symbol);

/// A symbol's name for listings: its demangled name up to the '(' (or the
/// symbol).
std::string displayName(llvm::StringRef Symbol);

/// The symbols among \p Symbols that \p Query names: the exact symbol, else
/// every symbol one of whose sourceNames is Query, else (a Query with * ? or
/// [) every symbol one of whose names matches it as a glob. An Error when
/// nothing matches: "no kernel named 'scal' (kernels: scale<float>,
/// sum)", \p What naming the kind ("kernel").
llvm::Expected<std::vector<std::string>>
matchNames(llvm::StringRef Query, const std::vector<std::string> &Symbols,
           llvm::StringRef What);

} // namespace gevo

#endif
