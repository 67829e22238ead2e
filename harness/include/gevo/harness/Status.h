//===- Status.h - What happened to a variant ---------------------*- C++ -*-===//
//
// One enum for every target and pipeline step. A failed variant is data, not
// an exception: each step records one of these.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_STATUS_H
#define GEVO_HARNESS_STATUS_H

#include <optional>
#include <string_view>

namespace gevo {

enum class Status {
  Ok,               ///< ran, outputs accepted
  WrongOutput,      ///< ran, outputs differ beyond the tolerance
  CompileFail,      ///< lowering or JIT failed
  NotApplicable,    ///< an edit did not apply
  OobRead,          ///< a load outside every live allocation
  OobWrite,         ///< a store/atomic outside every writable allocation
  DivergentBarrier, ///< threads of a block waited at different barriers
  Timeout,          ///< step budget or wall-clock watchdog exceeded
  Crash,            ///< the worker died (signal) or the runtime gave up
  ArithTrap,        ///< integer division by zero or overflow
  OutOfMemory,      ///< the worker hit its memory limit
  Race,             ///< conflicting accesses of two threads, unordered
  Uninitialized,    ///< a read of memory no thread of the launch wrote
  GpuFault,         ///< a GPU target's kernel faulted (the driver's error)
  Misaligned,       ///< an access not aligned to its size (a GPU faults)
  InvalidIr,        ///< edits left IR the verifier rejects (a bug of gevo's:
                    ///< every op repairs SSA), never compiled or run
};
/// How many statuses there are (the last one's value + 1).
inline constexpr unsigned NumStatuses = unsigned(Status::InvalidIr) + 1;

/// snake_case name, as in logs and JSON: "ok", "oob_read", ...
std::string_view statusName(Status S);
std::optional<Status> parseStatus(std::string_view Name);

} // namespace gevo

#endif
