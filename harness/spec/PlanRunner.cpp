//===- PlanRunner.cpp - Interpret a case's launch plan ----------------------===//

#include "gevo/harness/Plan.h"
#include "DriverRunner.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <optional>

namespace gevo {

LaunchOutcome PlanDevice::launchCooperative(const std::string &Kernel, Dim3,
                                            Dim3, unsigned,
                                            const std::vector<Bytes> &) {
  return failedLaunch(Status::Crash, "a cooperative launch of '" + Kernel +
                                         "': this target has no cooperative launches");
}

namespace {

Bytes scalarBytes(ElemType T, double V) {
  BufferSpec B;
  B.Type = T;
  B.Count = 1;
  B.Init = BufferInit::filled(V);
  return llvm::cantFail(initialContents(B));
}

/// The texture and surface objects of one launch, destroyed after it.
class Objects {
public:
  explicit Objects(PlanDevice &D) : D(D) {}
  ~Objects() {
    for (uint64_t H : Handles)
      D.destroyTexture(H);
  }
  std::string create(const TextureSpec &T, uint64_t Address,
                     uint64_t &Handle) {
    std::string Err = D.createTexture(T, Address, Handle);
    if (Err.empty())
      Handles.push_back(Handle);
    return Err;
  }

private:
  PlanDevice &D;
  std::vector<uint64_t> Handles;
};

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
      std::optional<ExprValue> V = value(S, S.Value, "value");
      if (!V)
        return false;
      BufferSpec B = *Specs[S.To];
      B.Init = BufferInit::filled(V->asDouble());
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

  /// E's value with the current counters; a failure (a division by zero)
  /// fails the case with S's place and What ("grid[0]").
  std::optional<ExprValue> value(const Step &S, const Expr &E,
                                 const char *What) {
    llvm::Expected<ExprValue> V = E.eval(Counters);
    if (V)
      return *V;
    fail(Status::Crash,
         S.Where + "." + What + ": " + llvm::toString(V.takeError()));
    return std::nullopt;
  }

  /// E's value, which must be an integer in [Lo, Hi].
  std::optional<int64_t> integer(const Step &S, const Expr &E, const char *What,
                                 int64_t Lo, int64_t Hi) {
    std::optional<ExprValue> V = value(S, E, What);
    if (!V)
      return std::nullopt;
    if (V->Int && V->I >= Lo && V->I <= Hi)
      return V->I;
    std::string At;
    for (auto &[Name, C] : Counters)
      if (!Name.empty())
        At += (At.empty() ? " at " : ", ") + Name + "=" + Expr(C).str();
    fail(Status::Crash, S.Where + "." + What + ": '" + E.text() + "' is " +
                            Expr(*V).str() + At + ", outside [" +
                            std::to_string(Lo) + ", " + std::to_string(Hi) +
                            "]");
    return std::nullopt;
  }

  bool loop(const Step &S) {
    std::optional<int64_t> Times =
        integer(S, S.Times, S.K == Step::Repeat ? "repeat" : "max", 0,
                INT64_MAX);
    if (!Times)
      return false;
    for (int64_t I = 0; I < *Times; ++I) {
      Counters[S.Counter] = ExprValue::integer(I);
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

  /// A grid or a block from its expressions.
  std::optional<Dim3> dims(const Step &S, const Expr (&E)[3],
                           const char *What) {
    unsigned V[3];
    for (int I = 0; I < 3; ++I) {
      std::string Name = std::string(What) + "[" + std::to_string(I) + "]";
      std::optional<int64_t> X = integer(S, E[I], Name.c_str(), 1, UINT32_MAX);
      if (!X)
        return std::nullopt;
      V[I] = unsigned(*X);
    }
    return Dim3{V[0], V[1], V[2]};
  }

  bool launch(const Step &S) {
    std::optional<Dim3> Grid = dims(S, S.Grid, "grid"),
                        Block = Grid ? dims(S, S.Block, "block") : std::nullopt;
    std::optional<int64_t> Shared =
        Block ? integer(S, S.Shared, "shared", 0, UINT32_MAX) : std::nullopt;
    if (!Shared)
      return false;
    if (Block->count() > 1024)
      return fail(Status::Crash, S.Where + ".block: a block holds at most "
                                           "1024 threads, not " +
                                     std::to_string(Block->count()));
    std::vector<Bytes> Args;
    Objects Handles(D);
    for (size_t I = 0; I < S.Args.size(); ++I) {
      const ArgSpec &A = S.Args[I];
      if (A.K != ArgSpec::Scalar) {
        uint64_t Value = Addr[A.Name];
        if (A.K == ArgSpec::Texture &&
            !deviceOk(Handles.create(A.Tex, Value, Value)))
          return false;
        Bytes P(sizeof(uint64_t));
        std::memcpy(P.data(), &Value, sizeof(uint64_t));
        Args.push_back(std::move(P));
        continue;
      }
      std::string Name = "args[" + std::to_string(I) + "]";
      std::optional<ExprValue> V = value(S, A.Value, Name.c_str());
      if (!V)
        return false;
      Args.push_back(scalarBytes(A.Type, V->asDouble()));
    }
    LaunchOutcome L =
        S.Cooperative
            ? D.launchCooperative(S.Kernel, *Grid, *Block, unsigned(*Shared),
                                  Args)
            : D.launch(S.Kernel, *Grid, *Block, unsigned(*Shared), Args);
    ++Out.Launches;
    Out.KernelSeconds += L.Seconds;
    Out.ModeledCost += L.ModeledCost;
    if (L.ModeledSeconds > Slowest) {
      Slowest = L.ModeledSeconds;
      Out.ModelNote = L.ModelNote;
    }
    Out.ModeledSeconds += L.ModeledSeconds;
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
  double Slowest = 0; ///< the largest predicted time of a launch so far
  std::map<std::string, uint64_t> Addr;
  std::map<std::string, const BufferSpec *> Specs;
  std::map<std::string, ExprValue> Counters;
};

} // namespace

CaseOutcome runCase(const CaseSpec &C, PlanDevice &D) {
  return C.Driver ? runDriverCase(C, D) : Runner(C, D).run();
}

} // namespace gevo
