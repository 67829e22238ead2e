//===- Plan.h - Running a case's launch plan on a target ---------*- C++ -*-===//
//
// runCase interprets a CaseSpec against a PlanDevice: the few operations
// every target (cpu, cuda, hip) offers. It is target-agnostic, so a plan
// runs unchanged everywhere; so does a driver case, whose driver (Driver.h)
// gets the PlanDevice.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_PLAN_H
#define GEVO_HARNESS_PLAN_H

#include "gevo/harness/Spec.h"
#include "gevo/harness/Status.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gevo {

using Bytes = std::vector<uint8_t>;

struct LaunchOutcome {
  Status S = Status::Ok;
  std::string Message;  // why, when not Ok
  std::string FaultUid; // the faulting instruction, when known
  std::string OtherUid; // a race's other instruction, when known
  double Seconds = 0;   // kernel time
  uint64_t ModeledCost = 0;
  double ModeledSeconds = 0; // the cpu target's model (cpu::Options::Gpu)
  std::string ModelNote;     // why it predicts that (LaunchPerf::summary)
};

/// An outcome of status \p S that says \p Why.
inline LaunchOutcome failedLaunch(Status S, std::string Why) {
  LaunchOutcome Out;
  Out.S = S;
  Out.Message = std::move(Why);
  return Out;
}

/// The addresses of a launch's arguments, as a kernel launch takes them.
inline std::vector<void *> argPointers(const std::vector<Bytes> &Args) {
  std::vector<void *> Ptrs;
  for (const Bytes &A : Args)
    Ptrs.push_back(const_cast<uint8_t *>(A.data()));
  return Ptrs;
}

/// What a target offers a plan. Buffers are identified by their device
/// address, which is also what a pointer argument passes. Errors are
/// strings, empty on success.
class PlanDevice {
public:
  virtual ~PlanDevice() = default;
  virtual std::string alloc(size_t Size, uint64_t &Address) = 0;
  virtual std::string release(uint64_t Address) = 0;
  virtual std::string write(uint64_t Address, const Bytes &Data) = 0;
  virtual std::string read(uint64_t Address, Bytes &Data) = 0;
  virtual std::string setConstant(const std::string &Symbol,
                                  const Bytes &Data) = 0;
  /// Args hold each argument's bytes (a pointer argument: 8 address bytes).
  virtual LaunchOutcome launch(const std::string &Kernel, Dim3 Grid,
                               Dim3 Block, unsigned SharedBytes,
                               const std::vector<Bytes> &Args) = 0;
  /// The same as a cooperative launch (cudaLaunchCooperativeKernel: every
  /// block resident at once, cooperative groups' grid.sync() allowed); a
  /// target without them answers a Crash saying so.
  virtual LaunchOutcome launchCooperative(const std::string &Kernel,
                                          Dim3 Grid, Dim3 Block,
                                          unsigned SharedBytes,
                                          const std::vector<Bytes> &Args);
  /// Creates the texture or surface object \p T over the buffer at
  /// \p Address; \p Handle is what its argument passes (a
  /// cudaTextureObject_t or cudaSurfaceObject_t). A target without them
  /// says so.
  virtual std::string createTexture(const TextureSpec &T, uint64_t Address,
                                    uint64_t &Handle) {
    return "this target does not support texture and surface objects (" +
           T.str() + ")";
  }
  virtual std::string destroyTexture(uint64_t Handle) { return ""; }
  /// With \p Reverse, later launches run in another legal order (the cpu
  /// target: blocks and threads descending) to cross-check outputs; false
  /// when the target has no say in the order (a GPU).
  virtual bool reverseSchedule(bool Reverse) { return false; }
};

/// A device that passes every call on to another, Inner: the base of a
/// device that changes a few calls (a budget on launches, a record of
/// them) and leaves the rest, the schedule included, to the one it wraps.
class ForwardingDevice : public PlanDevice {
public:
  explicit ForwardingDevice(PlanDevice &Inner) : Inner(Inner) {}
  std::string alloc(size_t Size, uint64_t &Address) override {
    return Inner.alloc(Size, Address);
  }
  std::string release(uint64_t Address) override { return Inner.release(Address); }
  std::string write(uint64_t Address, const Bytes &Data) override {
    return Inner.write(Address, Data);
  }
  std::string read(uint64_t Address, Bytes &Data) override { return Inner.read(Address, Data); }
  std::string setConstant(const std::string &Symbol, const Bytes &Data) override {
    return Inner.setConstant(Symbol, Data);
  }
  LaunchOutcome launch(const std::string &Kernel, Dim3 Grid, Dim3 Block, unsigned SharedBytes,
                       const std::vector<Bytes> &Args) override {
    return Inner.launch(Kernel, Grid, Block, SharedBytes, Args);
  }
  LaunchOutcome launchCooperative(const std::string &Kernel, Dim3 Grid, Dim3 Block,
                                  unsigned SharedBytes,
                                  const std::vector<Bytes> &Args) override {
    return Inner.launchCooperative(Kernel, Grid, Block, SharedBytes, Args);
  }
  std::string createTexture(const TextureSpec &T, uint64_t Address,
                            uint64_t &Handle) override {
    return Inner.createTexture(T, Address, Handle);
  }
  std::string destroyTexture(uint64_t Handle) override { return Inner.destroyTexture(Handle); }
  bool reverseSchedule(bool Reverse) override { return Inner.reverseSchedule(Reverse); }

protected:
  PlanDevice &Inner;
};

/// A buffer's initial contents, as elements of its type.
llvm::Expected<Bytes> initialContents(const BufferSpec &B);

struct CaseOutcome {
  Status S = Status::Ok;
  std::string Message;
  std::string FaultUid, OtherUid;
  /// In CaseSpec::Outputs order (when Ok), each in its compared form:
  /// the first N elements of an output with a count buffer, sorted
  /// (sortElements) for a multiset; a driver's in the order it reports them.
  std::vector<Bytes> Outputs;
  std::vector<ElemType> OutputTypes; // each output's element type
  std::optional<double> Error;       // a driver's scalar error, if any
  double KernelSeconds = 0;   // summed over launches
  uint64_t ModeledCost = 0;   // summed over launches
  double ModeledSeconds = 0;  // summed over launches
  std::string ModelNote;      // the launch predicted slowest's
  unsigned Launches = 0;
};

/// Runs C on D; stops at the first launch that is not Ok. A device error
/// (allocation, copy) is a Crash with its message. A driver case loads its
/// built driver (DriverHost.h) with dlopen, once per process, and calls
/// Driver::run on D with every launch recorded: the first launch that is
/// not Ok is the case's status whatever the driver returns (later launches
/// return it again without running), kernel time and modeled cost are
/// summed over launches, a throw is a Crash, and buffers the driver leaves
/// allocated are released.
CaseOutcome runCase(const CaseSpec &C, PlanDevice &D);

/// The buffers of plan case C declared without "init" (undefined: poison
/// on every target, as on a GPU) whose initial contents decide C's outcome
/// (status and outputs) on D: C runs with them poisoned and zeroed; when
/// the two differ, each one alone poisoned (the others zeroed) tells which
/// matter (all of them when none does alone). Empty when the outcome does
/// not depend on them, when C fails either way (the base's failure is
/// reported elsewhere), and for a driver case: what a driver allocates is
/// the driver's business.
std::vector<std::string> undefinedInputs(const CaseSpec &C, PlanDevice &D);
/// The one-line hint for case Case depending on Buffers: "case 'small':
/// the outputs depend on the initial contents of buffer 'out', declared
/// without "init" (...); if the host zeroes it, give it "init": {"fill": 0}".
std::string undefinedInputHint(const std::string &Case,
                               const std::vector<std::string> &Buffers);
/// The hints for every case and held-out case of S on D.
std::vector<std::string> undefinedInputHints(const Spec &S, PlanDevice &D);

/// Element I of Data, elements of type T, as a double.
double elementAt(ElemType T, const Bytes &Data, size_t I);

/// Sorts Data's elements of type T: by value, NaNs last, equal values by
/// their bits (so -0 and +0, and NaNs, have one order). A multiset
/// output's compared form; the metrics then compare sorted with sorted.
void sortElements(ElemType T, Bytes &Data);

/// The error of Got against Want (both of type T) by metric M: exact (and
/// driver, whose case error is the driver's scalar) gives 0 or 1; max_abs, max_rel the largest difference (NaN against a number
/// counts as infinite); mismatch_fraction the share of differing elements.
double outputError(ElemType T, const Bytes &Want, const Bytes &Got, Metric M);

} // namespace gevo

#endif
