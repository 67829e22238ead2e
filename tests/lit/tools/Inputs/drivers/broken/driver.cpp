// A driver that does not compile: run() returns nothing of the right type.
#include "gevo/harness/Driver.h"

struct BrokenDriver : gevo::Driver {
  gevo::DriverOutcome run(gevo::PlanDevice &D, const gevo::DriverCase &C) override {
    return D.alloc(16);
  }
};

GEVO_DRIVER(BrokenDriver)
