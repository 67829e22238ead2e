//===- EvalWire.cpp - A VariantEval as bytes between processes -------------===//

#include "EvalWorker.h"
#include "Wire.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <type_traits>

namespace gevo {

using sandbox::WireReader;
using sandbox::WireWriter;

namespace {
/// Every field of a case, in wire order, shown to F (an Encoder or a
/// Decoder): the one list both directions follow.
template <typename IO, typename Case> void caseFields(IO &F, Case &C) {
  F(C.Name, C.S, C.Message, C.FaultUid, C.OtherUid, C.Error, C.Identical,
    C.Seconds, C.Runs, C.Spread, C.ModeledCost, C.ModeledSeconds);
}

/// Every field of a VariantEval, in wire order, its cases in the middle.
template <typename IO, typename Eval> void evalFields(IO &F, Eval &V) {
  F(V.S, V.Message);
  F.cases(V.Cases);
  F(V.Seconds, V.ModeledCost, V.ModeledSeconds, V.Error, V.Identical,
    V.JitSeconds, V.MeasuredSeconds, V.NearestBaseSeconds, V.Gated);
}

/// Writes the fields it is shown: strings with their length, doubles by
/// their bits, statuses, counts and flags as u64.
struct Encoder {
  WireWriter W;
  template <typename... T> void operator()(const T &...Fields) {
    (put(Fields), ...);
  }
  void cases(const std::vector<CaseEval> &Cases) {
    W.u64(Cases.size());
    for (const CaseEval &C : Cases)
      caseFields(*this, C);
  }

private:
  void put(const std::string &S) { W.str(S); }
  void put(double D) { W.f64(D); }
  void put(Status S) { W.u64(uint64_t(S)); }
  template <typename Int> void put(Int N) {
    static_assert(std::is_integral_v<Int>, "a count or a flag");
    W.u64(uint64_t(N));
  }
};

/// Reads back what Encoder wrote, field by field in the same order; a
/// status out of range reads as Crash.
struct Decoder {
  WireReader R;
  template <typename... T> void operator()(T &...Fields) { (get(Fields), ...); }
  void cases(std::vector<CaseEval> &Cases) {
    Cases.resize(R.count(64));
    for (CaseEval &C : Cases)
      caseFields(*this, C);
  }

private:
  void get(std::string &S) { S = R.str(); }
  void get(double &D) { D = R.f64(); }
  void get(Status &S) {
    uint64_t N = R.u64();
    S = N < NumStatuses ? Status(N) : Status::Crash;
  }
  template <typename Int> void get(Int &N) {
    static_assert(std::is_integral_v<Int>, "a count or a flag");
    N = Int(R.u64());
  }
};
} // namespace

std::string encodeVariantEval(const VariantEval &V) {
  Encoder E;
  evalFields(E, V);
  return E.W.take();
}

bool decodeVariantEval(std::string_view In, VariantEval &V) {
  Decoder D{WireReader(In)};
  evalFields(D, V);
  return D.R.atEnd();
}

namespace sandbox {

std::vector<std::string> allowedFromInfo(std::string_view Reply) {
  std::vector<std::string> Uids;
  size_t At = Reply.find("allowed=");
  if (At == std::string_view::npos)
    return Uids;
  llvm::SmallVector<llvm::StringRef> Parts;
  llvm::StringRef List = Reply.substr(At + 8);
  List.take_until([](char C) { return C == '\n'; })
      .split(Parts, ',', -1, false);
  for (llvm::StringRef P : Parts)
    Uids.push_back(P.trim().str());
  return Uids;
}

} // namespace sandbox
} // namespace gevo
