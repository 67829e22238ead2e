//===- Device.h - Typed buffers and launches over a PlanDevice ----*- C++ -*-===//
//
// The ML drivers' view of the target: typed uploads and downloads, launches
// with their arguments packed from C++ values, and failures as exceptions so
// that the host logic reads straight. A launch that is not Ok throws
// LaunchFailed carrying its outcome; guardedRun turns that (and any other
// exception, e.g. a ParamError) into the DriverOutcome the harness expects,
// so a driver stops at the first failing launch as Driver.h asks.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_BENCHMARKS_ML_DEVICE_H
#define GEVO_BENCHMARKS_ML_DEVICE_H

#include "gevo/harness/Driver.h"

#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace gevo::ml {

/// A device address; kernels receive it as a pointer argument.
struct DevPtr {
  uint64_t Addr = 0;
  /// The address \p Elems elements of T further on.
  template <typename T> DevPtr plus(size_t Elems) const {
    return {Addr + Elems * sizeof(T)};
  }
};

/// Thrown by Device::launch when a launch is not Ok.
struct LaunchFailed {
  LaunchOutcome Outcome;
};

class Device {
public:
  explicit Device(PlanDevice &D) : D(D) {}
  ~Device() {
    for (uint64_t A : Live)
      D.release(A);
  }
  Device(const Device &) = delete;
  Device &operator=(const Device &) = delete;

  /// \p Count elements of T, freed with the Device. Undefined, as
  /// cudaMalloc leaves them (the harness fills them with poison): a kernel
  /// must write them before they are read.
  template <typename T> DevPtr alloc(size_t Count) {
    DevPtr P;
    check(D.alloc(Count * sizeof(T), P.Addr), "alloc");
    Live.push_back(P.Addr);
    return P;
  }
  /// \p Count zeroed elements of T (what cudaMemset gives), freed with the
  /// Device.
  template <typename T> DevPtr zeros(size_t Count) {
    DevPtr P = alloc<T>(Count);
    write(P, std::vector<T>(Count));
    return P;
  }
  template <typename T> DevPtr upload(const std::vector<T> &Host) {
    DevPtr P = alloc<T>(Host.size());
    write(P, Host);
    return P;
  }
  template <typename T> void write(DevPtr P, const std::vector<T> &Host) {
    static_assert(std::is_trivially_copyable_v<T>);
    Bytes B(Host.size() * sizeof(T));
    std::memcpy(B.data(), Host.data(), B.size());
    check(D.write(P.Addr, B), "write");
  }
  template <typename T> std::vector<T> read(DevPtr P, size_t Count) {
    Bytes B(Count * sizeof(T));
    check(D.read(P.Addr, B), "read");
    std::vector<T> Host(Count);
    std::memcpy(Host.data(), B.data(), B.size());
    return Host;
  }

  /// Launches \p Kernel with \p Args (DevPtr, int, unsigned or float each),
  /// throwing LaunchFailed unless the launch is Ok.
  template <typename... ArgTs>
  void launch(const std::string &Kernel, Dim3 Grid, Dim3 Block,
              unsigned SharedBytes, const ArgTs &...Args) {
    std::vector<Bytes> Packed{pack(Args)...};
    LaunchOutcome Out = D.launch(Kernel, Grid, Block, SharedBytes, Packed);
    ++Launches;
    if (Out.S != Status::Ok)
      throw LaunchFailed{std::move(Out)};
  }
  uint64_t launches() const { return Launches; }

  /// Buffers allocated after a mark() are freed by releaseTo(that mark).
  size_t mark() const { return Live.size(); }
  void releaseTo(size_t Mark) {
    while (Live.size() > Mark) {
      check(D.release(Live.back()), "release");
      Live.pop_back();
    }
  }

private:
  template <typename T> static Bytes pack(const T &V) {
    static_assert(std::is_same_v<T, DevPtr> || std::is_same_v<T, int> ||
                      std::is_same_v<T, unsigned> || std::is_same_v<T, float>,
                  "kernel arguments are DevPtr, int, unsigned or float");
    Bytes B(sizeof(T));
    std::memcpy(B.data(), &V, sizeof(T));
    return B;
  }
  void check(const std::string &Error, const char *What) {
    if (!Error.empty())
      throw std::runtime_error(std::string("device ") + What + ": " + Error);
  }

  PlanDevice &D;
  std::vector<uint64_t> Live;
  uint64_t Launches = 0;
};

/// Runs \p Body, turning a LaunchFailed into its outcome and any other
/// exception into a Crash whose message is the exception's one line.
template <typename BodyFn> DriverOutcome guardedRun(BodyFn Body) {
  DriverOutcome Out;
  try {
    return Body();
  } catch (const LaunchFailed &F) {
    Out.S = F.Outcome.S;
    Out.Message = F.Outcome.Message;
    Out.FaultUid = F.Outcome.FaultUid;
  } catch (const std::exception &E) {
    Out.S = Status::Crash;
    Out.Message = E.what();
  }
  return Out;
}

} // namespace gevo::ml

#endif
