//===- Sanitize.h - compute-sanitizer's checks of a run's best ---*- C++ -*-===//
//
// On the cuda target the tests cannot see everything a GPU leaves
// undefined, so gevo-evolve runs the final variant under CUDA's
// compute-sanitizer (memcheck, racecheck, synccheck, initcheck) when it is
// installed: each tool runs `gevo-run --in-process` on the tests dir's
// held-out cases (its cases when it declares none) with the variant's
// edits. A finding the unmodified kernel does not have too demotes the
// variant (GevoRun::FinalCheck).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_TOOLS_GEVO_EVOLVE_SANITIZE_H
#define GEVO_TOOLS_GEVO_EVOLVE_SANITIZE_H

#include "gevo/evolve/GevoRun.h"

#include <nlohmann/json.hpp>

#include <string>

namespace gevo {

/// compute-sanitizer's path: on PATH, else in the CUDA toolkit
/// (findCudaToolkit); empty when there is none.
std::string findComputeSanitizer();

/// The checks of the edits in \p EditsFile, a variant of \p R's base, as
/// summary.json's "final_check": {"tool": "compute-sanitizer", "checks":
/// {"memcheck": {"status": "clean" | "finding" | "base_too" | "failed",
/// "message"}, ...}, "finding": bool, "message"}. \p GevoRunPath is the
/// gevo-run to run under the sanitizer.
nlohmann::json sanitizeVariant(const evolve::GevoRun &R,
                               const std::string &EditsFile,
                               const std::string &Sanitizer,
                               const std::string &GevoRunPath);

} // namespace gevo

#endif
