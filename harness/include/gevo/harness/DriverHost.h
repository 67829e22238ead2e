//===- DriverHost.h - Building and loading a spec's C++ drivers --*- C++ -*-===//
//
// The harness side of driver cases (Driver.h is the driver author's side).
// buildDrivers compiles each `.cpp` driver with the host C++ compiler into
// a shared object against gevo's headers, once per source: the result is
// cached as CACHE/<key>.so, the key a SHA-256 of the compile command and
// the source, and reused while every header it included (as the
// compiler's dependency list names them, gevo's among them) is unchanged.
// A `.so` driver is used as it is. runCase (Plan.h) then loads a driver's
// library with dlopen in the process that runs the case.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_DRIVERHOST_H
#define GEVO_HARNESS_DRIVERHOST_H

#include "gevo/harness/Spec.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace gevo {

/// $XDG_CACHE_HOME/gevo/drivers, else $HOME/.cache/gevo/drivers.
std::string defaultDriverCacheDir();

/// The command that compiles Source into a shared object, without the
/// output and dependency-file arguments: the host C++ compiler gevo was
/// built with (or $GEVO_DRIVER_CXX), C++17, -fno-rtti, gevo's headers (the
/// installed copy in <executable>/../include when there, else the source
/// tree's), nlohmann-json and LLVM 19's, and -Wl,--no-undefined against
/// libLLVM: a driver may use the headers' inline code, the C++ library and
/// LLVM, nothing else of gevo.
std::vector<std::string> driverCompileCommand(const std::string &Source);

/// Compiles every `.cpp` driver of S not yet built and sets its Library.
/// CacheDir empty: defaultDriverCacheDir(). A driver that does not compile
/// is an Error of one line, "dir/spec.json: cases[0].driver: 'x.cpp' does
/// not compile: <the compiler's first error>", and leaves nothing in the
/// cache.
llvm::Error buildDrivers(Spec &S, const std::string &CacheDir = "");

/// Loads every driver library of S into this process now (the Evaluator's
/// server does, so that workers forked from it inherit them). Loaded
/// libraries stay for the process's life.
llvm::Error loadDrivers(const Spec &S);

} // namespace gevo

#endif
