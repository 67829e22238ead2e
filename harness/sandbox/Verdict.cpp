//===- Verdict.cpp - Whether a case's run is correct, decided once --------===//

#include "Verdict.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gevo::sandbox {

namespace {
std::string formatError(double E) {
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "%.4g", E);
  return Buf;
}

/// The largest error \p C's tolerance accepts, with \p Want's driver error.
double caseBound(const CaseSpec &C, const CaseOracle &Want) {
  if (C.Tol.M == Metric::Driver)
    return *Want.Error + C.Tol.Max;
  return C.Tol.M == Metric::Exact ? 0 : C.Tol.Max;
}

/// Why \p Error breaks the bounds of \p C and \p A; "" when it does not.
std::string boundBroken(const CaseSpec &C, const CaseOracle &Want,
                        const Acceptance &A, double Error) {
  std::string Metric = metricName(C.Tol.M);
  if (Error > caseBound(C, Want))
    return "error " + formatError(Error) + " (" + Metric +
           ") over the case's tolerance " + formatError(caseBound(C, Want));
  double BaseError = Want.Error && C.Tol.M == Metric::Driver ? *Want.Error : 0;
  if (A.OverBase && Error > BaseError + *A.OverBase)
    return "error " + formatError(Error) + " (" + Metric + ") over the base's " +
           formatError(BaseError) +
           (*A.OverBase ? " + " + formatError(*A.OverBase) : " (exact mode)");
  return "";
}

std::string scheduleDifference(const CaseSpec &C, const CaseOutcome &Got,
                               const CaseOutcome &Again) {
  if (C.Tol.M == Metric::Driver)
    return Got.Error && Again.Error &&
                   std::fabs(*Got.Error - *Again.Error) > C.Tol.Max
               ? "the driver's error differs between two legal schedules"
               : "";
  for (size_t I = 0; I < Got.Outputs.size() && I < Again.Outputs.size(); ++I) {
    double E = outputError(Got.OutputTypes[I], Got.Outputs[I],
                           Again.Outputs[I], C.Tol.M);
    if (C.Tol.M == Metric::Exact ? E != 0 : E > C.Tol.Max)
      return "output '" +
             (I < C.Outputs.size() ? C.Outputs[I].Buffer : std::to_string(I)) +
             "' differs between two legal schedules (blocks and threads in "
             "reverse order; " + metricName(C.Tol.M) + " error " +
             std::to_string(E) + ")";
  }
  return "";
}
} // namespace

void judgeOutputs(const CaseSpec &C, const CaseOracle &Want,
                  const CaseOutcome &Got, const Acceptance &A, CaseEval &R) {
  if (Got.Outputs.size() != Want.Outputs.size() ||
      Got.OutputTypes != Want.Types ||
      (C.Tol.M == Metric::Driver && (!Got.Error || !Want.Error))) {
    R.S = Status::WrongOutput;
    R.Error = HUGE_VAL;
    R.Message = C.Tol.M == Metric::Driver && !Got.Error
                    ? "the driver reports no error for the 'driver' metric"
                    : "the outputs are not the oracle's buffers";
    return;
  }
  R.Identical = Got.Error == Want.Error;
  R.Error = 0;
  for (size_t I = 0; I < Want.Outputs.size(); ++I) {
    R.Error = std::max(R.Error, outputError(Want.Types[I], Want.Outputs[I],
                                            Got.Outputs[I], C.Tol.M));
    R.Identical &= Want.Outputs[I] == Got.Outputs[I];
  }
  if (C.Tol.M == Metric::Driver)
    R.Error = *Got.Error;
  if (std::string Why = boundBroken(C, Want, A, R.Error); !Why.empty()) {
    R.S = Status::WrongOutput;
    R.Message = std::move(Why);
  }
}

std::optional<ScheduleCheck>
checkSchedule(const CaseSpec &C, PlanDevice &D, const CaseOutcome &Got,
              llvm::function_ref<CaseOutcome()> Run) {
  if (!D.reverseSchedule(true))
    return std::nullopt;
  ScheduleCheck Check{Run(), ""};
  D.reverseSchedule(false);
  if (Check.Again.S == Status::Ok)
    Check.Difference = scheduleDifference(C, Got, Check.Again);
  return Check;
}

void judgeSchedule(const ScheduleCheck &Check, CaseEval &R) {
  const CaseOutcome &Again = Check.Again;
  if (Again.S != Status::Ok) {
    R.S = Again.S;
    R.Message = "in the reverse schedule: " + Again.Message;
    R.FaultUid = Again.FaultUid;
    R.OtherUid = Again.OtherUid;
    R.Error = HUGE_VAL;
  } else if (!Check.Difference.empty()) {
    R.S = Status::Race;
    R.Message = "schedule_dependent: " + Check.Difference;
    R.Error = HUGE_VAL;
  }
}

} // namespace gevo::sandbox
