//===- Status.cpp - What happened to a variant ------------------------------===//

#include "gevo/harness/Status.h"

#include "gevo/support/EnumNames.h"

namespace gevo {

namespace {
constexpr EnumName<Status> Names[] = {
    {Status::Ok, "ok"},
    {Status::WrongOutput, "wrong_output"},
    {Status::CompileFail, "compile_fail"},
    {Status::NotApplicable, "not_applicable"},
    {Status::OobRead, "oob_read"},
    {Status::OobWrite, "oob_write"},
    {Status::DivergentBarrier, "divergent_barrier"},
    {Status::Timeout, "timeout"},
    {Status::Crash, "crash"},
    {Status::ArithTrap, "arith_trap"},
    {Status::OutOfMemory, "out_of_memory"},
    {Status::Race, "race"},
    {Status::Uninitialized, "uninitialized"},
    {Status::GpuFault, "gpu_fault"},
    {Status::Misaligned, "misaligned"},
    {Status::InvalidIr, "invalid_ir"},
};
} // namespace

std::string_view statusName(Status S) { return nameOf(Names, S, "unknown"); }

std::optional<Status> parseStatus(std::string_view Name) {
  return parseName(Names, Name);
}

} // namespace gevo
