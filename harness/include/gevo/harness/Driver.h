//===- Driver.h - C++ drivers: host logic too rich for a plan ----*- C++ -*-===//
//
// A tests dir case can name a driver instead of a launch plan: a C++ shared
// object that runs the host side of an application (a training loop, a
// local search) against whatever target gevo gives it. A driver only sees
// a PlanDevice (allocate, copy, set a __constant__, launch a kernel by its
// source name), so the same driver runs unchanged on cpu, cuda and hip.
//
// A driver source (driver.cpp in the tests dir) includes this header and
// defines the one entry point below; gevo-run compiles it into a shared
// object when no up-to-date one is present.
//
//   #include "gevo/harness/Driver.h"
//   struct MyDriver : gevo::Driver {
//     gevo::DriverOutcome run(gevo::PlanDevice &D,
//                             const gevo::DriverCase &C) override { ... }
//   };
//   GEVO_DRIVER(MyDriver)
//
// Contract:
// - run() is called once per case and must be deterministic for a given
//   case and variant (fixed seeds, fixed data order), so that its outputs
//   and error are a fair objective.
// - Memory from PlanDevice::alloc holds the poison pattern (Poison.h), as
//   cudaMalloc memory holds garbage: a buffer the host program would zero
//   (cudaMemset) must be written with zeros by the driver.
// - Every launch's LaunchOutcome must be checked; on the first one that is
//   not Ok, return it (S, Message, FaultUid) without further launches. The
//   harness also records the first faulting launch itself and reports it
//   whatever run() returns, and sums kernel time and modeled cost over all
//   launches, so a driver need not time anything.
// - Outputs are compared with the oracle's (the base kernel's run of the
//   same case) by the case's metric, as a plan's outputs are. Error, when
//   set, is the driver's own scalar (e.g. a model's error rate); with the
//   metric "driver" it is the case's error, accepted when it is at most the
//   base's Error plus the tolerance's max.
// - Throwing, crashing or hanging is allowed in the sense that it cannot
//   harm the run: drivers run in sandboxed workers like variants do.
// - Neither loading the driver nor run() may leave threads behind: the
//   base's run (the oracle) happens in the sandbox's fork server, which
//   forks the workers afterwards.
// - A driver links against nothing of gevo: it may use this header's inline
//   helpers (toBytes, fromBytes, scalarArg, output), the C++ library and
//   LLVM (DriverHost.h gives the compile command).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_DRIVER_H
#define GEVO_HARNESS_DRIVER_H

#include "gevo/harness/Plan.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace gevo {

/// What a driver is asked to run.
struct DriverCase {
  std::string Name;     ///< the case's name in spec.json
  std::string TestsDir; ///< absolute path of the tests dir (data files)
  bool HeldOut = false; ///< a held-out case (e.g. report test-set error)
  nlohmann::json Params; ///< the case's "params" object, as written
};

/// What a driver reports for one case.
struct DriverOutcome {
  Status S = Status::Ok;
  std::string Message;
  std::string FaultUid;
  /// Compared with the oracle's by the case's metric, each with its type.
  std::vector<std::pair<ElemType, Bytes>> Outputs;
  /// The driver's scalar error (metric "driver"), e.g. a model's error.
  std::optional<double> Error;
};

class Driver {
public:
  virtual ~Driver() = default;
  virtual DriverOutcome run(PlanDevice &D, const DriverCase &C) = 0;
};

/// The ElemType of a C++ element type.
template <class T> constexpr ElemType elemTypeOf() {
  static_assert(std::is_arithmetic_v<T> && sizeof(T) != 2 && sizeof(T) <= 8,
                "no ElemType for this type");
  if constexpr (std::is_floating_point_v<T>)
    return sizeof(T) == 4 ? ElemType::F32 : ElemType::F64;
  else if constexpr (sizeof(T) == 1)
    return std::is_signed_v<T> ? ElemType::I8 : ElemType::U8;
  else if constexpr (sizeof(T) == 4)
    return std::is_signed_v<T> ? ElemType::I32 : ElemType::U32;
  else
    return std::is_signed_v<T> ? ElemType::I64 : ElemType::U64;
}

/// A vector's bytes (to write to the device) and back (after a read).
template <class T> Bytes toBytes(const std::vector<T> &V) {
  static_assert(std::is_trivially_copyable_v<T>);
  Bytes B(V.size() * sizeof(T));
  if (!B.empty())
    std::memcpy(B.data(), V.data(), B.size());
  return B;
}
template <class T> std::vector<T> fromBytes(const Bytes &B) {
  static_assert(std::is_trivially_copyable_v<T>);
  std::vector<T> V(B.size() / sizeof(T));
  if (!V.empty())
    std::memcpy(V.data(), B.data(), V.size() * sizeof(T));
  return V;
}

/// A launch argument: a scalar's bytes. A buffer is passed as its device
/// address, scalarArg<uint64_t>(Address).
template <class T> Bytes scalarArg(T V) { return toBytes(std::vector<T>{V}); }

/// A DriverOutcome output holding V.
template <class T> std::pair<ElemType, Bytes> output(const std::vector<T> &V) {
  return {elemTypeOf<T>(), toBytes(V)};
}

/// The entry point a driver shared object exports; the harness owns and
/// deletes the returned object.
using CreateDriverFn = Driver *(*)();
inline constexpr const char *CreateDriverSymbol = "gevo_create_driver";

} // namespace gevo

#define GEVO_DRIVER(Type)                                                      \
  extern "C" __attribute__((visibility("default"))) gevo::Driver *             \
  gevo_create_driver() {                                                       \
    return new Type();                                                         \
  }

#endif
