//===- DriverRunner.cpp - A driver case: load the driver, run it on a device ===//

#include "DriverRunner.h"

#include "gevo/harness/Driver.h"
#include "gevo/harness/DriverHost.h"
#include "gevo/harness/Poison.h"

#include <map>
#include <mutex>
#include <set>

#include <dlfcn.h>

namespace gevo {

namespace {
llvm::Error driverError(const std::string &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

/// Libraries loaded in this process, by path; never unloaded (a driver's
/// code may still be referenced, e.g. by a leaked object's vtable).
std::mutex LoadLock;
std::map<std::string, CreateDriverFn> Loaded;

llvm::Expected<CreateDriverFn> loadLibrary(const DriverSpec &D) {
  if (D.Library.empty())
    return driverError(D.Where + ": the driver '" + D.Source +
                       "' is not built (buildDrivers, DriverHost.h)");
  std::lock_guard<std::mutex> G(LoadLock);
  if (auto It = Loaded.find(D.Library); It != Loaded.end())
    return It->second;
  void *Handle = dlopen(D.Library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!Handle)
    return driverError(D.Where + ": cannot load '" + D.Library +
                       "': " + dlerror());
  auto Create =
      reinterpret_cast<CreateDriverFn>(dlsym(Handle, CreateDriverSymbol));
  if (!Create) {
    dlclose(Handle);
    return driverError(D.Where + ": '" + D.Library + "' defines no " +
                       CreateDriverSymbol + " (GEVO_DRIVER(Type) does)");
  }
  return Loaded[D.Library] = Create;
}

/// The device a driver sees: the target's, recording every launch. Every
/// allocation holds the poison pattern, as cudaMalloc memory is garbage.
/// After the first launch that is not Ok, launches do nothing and return
/// that fault again; buffers the driver leaves allocated are released at
/// the end.
class RecordingDevice : public ForwardingDevice {
public:
  explicit RecordingDevice(PlanDevice &D) : ForwardingDevice(D) {}
  ~RecordingDevice() override {
    for (uint64_t A : Live)
      Inner.release(A);
  }

  std::string alloc(size_t Size, uint64_t &Address) override {
    std::string Err = Inner.alloc(Size, Address);
    if (!Err.empty())
      return Err;
    Live.insert(Address);
    Bytes Poison(Size);
    fillPoison(Poison.data(), Poison.size());
    return Inner.write(Address, Poison);
  }
  std::string release(uint64_t Address) override {
    Live.erase(Address);
    return Inner.release(Address);
  }
  LaunchOutcome launch(const std::string &Kernel, Dim3 Grid, Dim3 Block,
                       unsigned SharedBytes,
                       const std::vector<Bytes> &Args) override {
    return record(Fault ? LaunchOutcome()
                        : Inner.launch(Kernel, Grid, Block, SharedBytes, Args));
  }
  LaunchOutcome launchCooperative(const std::string &Kernel, Dim3 Grid,
                                  Dim3 Block, unsigned SharedBytes,
                                  const std::vector<Bytes> &Args) override {
    return record(Fault ? LaunchOutcome()
                        : Inner.launchCooperative(Kernel, Grid, Block,
                                                  SharedBytes, Args));
  }
  /// Counts launch \p L; after a fault, every launch answers that fault
  /// again (and runs nothing).
  LaunchOutcome record(LaunchOutcome L) {
    if (Fault) {
      LaunchOutcome Again = *Fault;
      Again.Seconds = 0;
      Again.ModeledCost = 0;
      Again.ModeledSeconds = 0;
      return Again;
    }
    ++Launches;
    Seconds += L.Seconds;
    ModeledCost += L.ModeledCost;
    ModeledSeconds += L.ModeledSeconds;
    if (L.S != Status::Ok)
      Fault = L;
    return L;
  }

  std::optional<LaunchOutcome> Fault;
  unsigned Launches = 0;
  double Seconds = 0;
  uint64_t ModeledCost = 0;
  double ModeledSeconds = 0;

private:
  std::set<uint64_t> Live;
};

/// Creates the driver and runs it; a throw is a Crash with its message.
DriverOutcome callDriver(CreateDriverFn Create, PlanDevice &D,
                         const DriverSpec &Spec, const std::string &Name) {
  DriverOutcome Got;
  try {
    DriverCase C{Name, Spec.TestsDir, Spec.HeldOut,
                 nlohmann::json::parse(Spec.Params)};
    std::unique_ptr<Driver> Drv(Create());
    if (!Drv) {
      Got.S = Status::Crash;
      Got.Message = std::string(CreateDriverSymbol) + " returned null";
      return Got;
    }
    Got = Drv->run(D, C);
  } catch (const std::exception &E) {
    Got = DriverOutcome();
    Got.S = Status::Crash;
    Got.Message = std::string("the driver threw: ") + E.what();
  } catch (...) {
    Got = DriverOutcome();
    Got.S = Status::Crash;
    Got.Message = "the driver threw an exception";
  }
  return Got;
}
} // namespace

llvm::Error loadDrivers(const Spec &S) {
  for (const std::vector<CaseSpec> *Cases : {&S.Cases, &S.HeldOut})
    for (const CaseSpec &C : *Cases)
      if (C.Driver)
        if (auto Create = loadLibrary(*C.Driver); !Create)
          return Create.takeError();
  return llvm::Error::success();
}

CaseOutcome runDriverCase(const CaseSpec &C, PlanDevice &Target) {
  CaseOutcome Out;
  auto Create = loadLibrary(*C.Driver);
  if (!Create) {
    Out.S = Status::Crash;
    Out.Message = llvm::toString(Create.takeError());
    return Out;
  }
  RecordingDevice Dev(Target);
  DriverOutcome Got = callDriver(*Create, Dev, *C.Driver, C.Name);
  Out.Launches = Dev.Launches;
  Out.KernelSeconds = Dev.Seconds;
  Out.ModeledCost = Dev.ModeledCost;
  Out.ModeledSeconds = Dev.ModeledSeconds;
  if (Dev.Fault) {
    Out.S = Dev.Fault->S;
    Out.Message = Dev.Fault->Message;
    Out.FaultUid = Dev.Fault->FaultUid;
    Out.OtherUid = Dev.Fault->OtherUid;
    return Out;
  }
  Out.S = Got.S;
  Out.Message = std::move(Got.Message);
  Out.FaultUid = std::move(Got.FaultUid);
  if (Out.S != Status::Ok)
    return Out;
  for (auto &[Type, Data] : Got.Outputs) {
    Out.OutputTypes.push_back(Type);
    Out.Outputs.push_back(std::move(Data));
  }
  Out.Error = Got.Error;
  return Out;
}

} // namespace gevo
