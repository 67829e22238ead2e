//===- PlanRunner.cpp - Interpret a case's launch plan ----------------------===//

#include "gevo/harness/Plan.h"
#include "DriverRunner.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cstring>
#include <map>

namespace gevo {

namespace {

Bytes scalarBytes(ElemType T, double V) {
  BufferSpec B;
  B.Type = T;
  B.Count = 1;
  B.Init = BufferInit::filled(V);
  return llvm::cantFail(initialContents(B));
}

class Runner {
public:
  Runner(const CaseSpec &C, PlanDevice &D) : C(C), D(D) {}

  CaseOutcome run() {
    if (setUp() && steps(C.Steps))
      readOutputs();
    for (auto &[Name, Address] : Addr)
      D.release(Address);
    return std::move(Out);
  }

private:
  bool fail(Status S, const std::string &Msg) {
    Out.S = S;
    Out.Message = Msg;
    return false;
  }
  bool deviceOk(const std::string &Err) {
    return Err.empty() || fail(Status::Crash, Err);
  }

  bool setUp() {
    for (const BufferSpec &B : C.Buffers) {
      auto Init = initialContents(B);
      if (!Init)
        return fail(Status::Crash, llvm::toString(Init.takeError()));
      uint64_t &A = Addr[B.Name];
      if (!deviceOk(D.alloc(Init->size(), A)) || !deviceOk(D.write(A, *Init)))
        return false;
      Specs[B.Name] = &B;
    }
    return true;
  }

  bool readInto(const std::string &Name, Bytes &Data) {
    Data.resize(Specs[Name]->Count * elemSize(Specs[Name]->Type));
    return deviceOk(D.read(Addr[Name], Data));
  }

  void readOutputs() {
    for (const OutputSpec &O : C.Outputs) {
      Out.OutputTypes.push_back(Specs[O.Buffer]->Type);
      Out.Outputs.emplace_back();
      if (!readOutput(O, Out.Outputs.back()))
        return;
    }
  }

  /// O in its compared form: its first N elements when it has a count,
  /// sorted when it is a multiset. A count outside the buffer is a wrong
  /// output.
  bool readOutput(const OutputSpec &O, Bytes &Data) {
    if (!readInto(O.Buffer, Data))
      return false;
    const BufferSpec &B = *Specs[O.Buffer];
    if (!O.CountBuffer.empty()) {
      Bytes Count;
      if (!readInto(O.CountBuffer, Count))
        return false;
      double N = elementAt(Specs[O.CountBuffer]->Type, Count, 0);
      if (!(N >= 0 && N <= double(B.Count)))
        return fail(Status::WrongOutput,
                    "output '" + O.Buffer + "': its count '" + O.CountBuffer +
                        "' is " + llvm::formatv("{0:F0}", N).str() +
                        ", outside [0, " + std::to_string(B.Count) + "]");
      Data.resize(size_t(N) * elemSize(B.Type));
    }
    if (O.Multiset)
      sortElements(B.Type, Data);
    return true;
  }

  bool steps(const std::vector<Step> &Steps) {
    return std::all_of(Steps.begin(), Steps.end(),
                       [&](const Step &S) { return step(S); });
  }

  bool step(const Step &S) {
    Bytes Data;
    switch (S.K) {
    case Step::Launch:
      return launch(S);
    case Step::Copy:
      return readInto(S.From, Data) && deviceOk(D.write(Addr[S.To], Data));
    case Step::Fill: {
      BufferSpec B = *Specs[S.To];
      B.Init = BufferInit::filled(S.Value);
      return deviceOk(D.write(Addr[S.To], llvm::cantFail(initialContents(B))));
    }
    case Step::Swap:
      std::swap(Addr[S.From], Addr[S.To]);
      return true;
    case Step::SetConstant:
      return readInto(S.From, Data) && deviceOk(D.setConstant(S.Symbol, Data));
    case Step::Repeat:
    case Step::UntilZero:
      return loop(S);
    }
    return true;
  }

  bool loop(const Step &S) {
    for (uint64_t I = 0; I < S.Times; ++I) {
      Counters[S.Counter] = I;
      if (!steps(S.Body))
        return false;
      Bytes Flag;
      if (S.K == Step::UntilZero &&
          (!readInto(S.From, Flag) ||
           std::all_of(Flag.begin(), Flag.end(), [](uint8_t B) { return !B; })))
        return Out.S == Status::Ok;
    }
    return true;
  }

  bool launch(const Step &S) {
    std::vector<Bytes> Args;
    for (const ArgSpec &A : S.Args) {
      if (A.K == ArgSpec::Buffer) {
        Bytes P(sizeof(uint64_t));
        std::memcpy(P.data(), &Addr[A.Name], sizeof(uint64_t));
        Args.push_back(std::move(P));
      } else if (A.K == ArgSpec::Counter) {
        Args.push_back(scalarBytes(ElemType::I32, double(Counters[A.Name])));
      } else {
        Args.push_back(scalarBytes(A.Type, A.Value));
      }
    }
    LaunchOutcome L = D.launch(S.Kernel, S.Grid, S.Block, S.SharedBytes, Args);
    ++Out.Launches;
    Out.KernelSeconds += L.Seconds;
    Out.ModeledCost += L.ModeledCost;
    if (L.S != Status::Ok) {
      Out.FaultUid = L.FaultUid;
      Out.OtherUid = L.OtherUid;
      return fail(L.S, L.Message);
    }
    return true;
  }

  const CaseSpec &C;
  PlanDevice &D;
  CaseOutcome Out;
  std::map<std::string, uint64_t> Addr;
  std::map<std::string, const BufferSpec *> Specs;
  std::map<std::string, uint64_t> Counters;
};

} // namespace

CaseOutcome runCase(const CaseSpec &C, PlanDevice &D) {
  return C.Driver ? runDriverCase(C, D) : Runner(C, D).run();
}

} // namespace gevo
