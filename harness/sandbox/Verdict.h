//===- Verdict.h - Whether a case's run is correct, decided once -*- C++ -*-===//
//
// The one place that turns what a case's run gave (its status, outputs, a
// driver's error) into a verdict, for every caller: gevo-run, evolution,
// held-out validation and minimisation all read the statuses made here.
//
// - A run that did not complete keeps its status (a fault, a race, a read
//   of uninitialized memory, a timeout).
// - A run that did is compared with the oracle by the case's metric. Its
//   error must be within the case's tolerance (the tests' own word on what
//   a correct output is) and, where the Acceptance asks for it, at most the
//   base's own error on the case plus Acceptance::OverBase; otherwise it is
//   wrong_output with the error and the bound it broke.
// - Judged on the cpu target, a completed run is run again in the reverse
//   schedule (blocks and threads in reverse order): a fault there is the
//   case's status, and outputs that differ beyond the case's tolerance are
//   a race ("schedule_dependent").
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_SANDBOX_VERDICT_H
#define GEVO_HARNESS_SANDBOX_VERDICT_H

#include "OracleCache.h"

#include "gevo/harness/Evaluator.h"
#include "gevo/harness/Plan.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

namespace gevo::sandbox {

/// Status, error, identity and message of \p R for \p Got, a run of \p C
/// that completed (Status::Ok), against the oracle \p Want.
void judgeOutputs(const CaseSpec &C, const CaseOracle &Want,
                  const CaseOutcome &Got, const Acceptance &A, CaseEval &R);

/// A case run again in another legal schedule.
struct ScheduleCheck {
  CaseOutcome Again; ///< the rerun (its status: a fault there, or Ok)
  /// Why Again's outputs differ from the first run's beyond the case's
  /// tolerance, naming the output; "" when they agree.
  std::string Difference;
};

/// Runs \p C again with \p Run while \p D is in its reverse schedule and
/// compares with \p Got; nullopt when D has no other schedule.
std::optional<ScheduleCheck>
checkSchedule(const CaseSpec &C, PlanDevice &D, const CaseOutcome &Got,
              llvm::function_ref<CaseOutcome()> Run);

/// \p R's status after \p Check: the rerun's fault, or a race
/// ("schedule_dependent") when the outputs differ.
void judgeSchedule(const ScheduleCheck &Check, CaseEval &R);

} // namespace gevo::sandbox

#endif
