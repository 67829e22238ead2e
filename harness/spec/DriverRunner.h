//===- DriverRunner.h - runCase's half for driver cases ----------*- C++ -*-===//
#ifndef GEVO_HARNESS_SPEC_DRIVERRUNNER_H
#define GEVO_HARNESS_SPEC_DRIVERRUNNER_H

#include "gevo/harness/Plan.h"

namespace gevo {

/// Loads C's driver library (once per process), creates the driver and
/// runs it on D (Plan.h's runCase documents the outcome).
CaseOutcome runDriverCase(const CaseSpec &C, PlanDevice &D);

} // namespace gevo

#endif
