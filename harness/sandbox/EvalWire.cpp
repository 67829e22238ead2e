//===- EvalWire.cpp - A VariantEval as bytes between processes -------------===//

#include "EvalWorker.h"
#include "Wire.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace gevo {

using sandbox::WireReader;
using sandbox::WireWriter;

namespace {
Status readStatus(WireReader &R) {
  uint64_t S = R.u64();
  return S < NumStatuses ? Status(S) : Status::Crash;
}
} // namespace

std::string encodeVariantEval(const VariantEval &V) {
  WireWriter W;
  W.u64(uint64_t(V.S));
  W.str(V.Message);
  W.u64(V.Cases.size());
  for (const CaseEval &C : V.Cases) {
    W.str(C.Name);
    W.u64(uint64_t(C.S));
    W.str(C.Message);
    W.str(C.FaultUid);
    W.str(C.OtherUid);
    W.f64(C.Error);
    W.u64(C.Identical);
    W.f64(C.Seconds);
    W.u64(C.Runs);
    W.f64(C.Spread);
    W.u64(C.ModeledCost);
    W.f64(C.ModeledSeconds);
  }
  W.f64(V.Seconds);
  W.u64(V.ModeledCost);
  W.f64(V.ModeledSeconds);
  W.f64(V.Error);
  W.u64(V.Identical);
  W.f64(V.JitSeconds);
  W.f64(V.MeasuredSeconds);
  W.f64(V.NearestBaseSeconds);
  W.u64(V.Gated);
  return W.take();
}

bool decodeVariantEval(std::string_view In, VariantEval &V) {
  WireReader R(In);
  V.S = readStatus(R);
  V.Message = R.str();
  V.Cases.resize(R.count(64));
  for (CaseEval &C : V.Cases) {
    C.Name = R.str();
    C.S = readStatus(R);
    C.Message = R.str();
    C.FaultUid = R.str();
    C.OtherUid = R.str();
    C.Error = R.f64();
    C.Identical = R.u64();
    C.Seconds = R.f64();
    C.Runs = unsigned(R.u64());
    C.Spread = R.f64();
    C.ModeledCost = R.u64();
    C.ModeledSeconds = R.f64();
  }
  V.Seconds = R.f64();
  V.ModeledCost = R.u64();
  V.ModeledSeconds = R.f64();
  V.Error = R.f64();
  V.Identical = R.u64();
  V.JitSeconds = R.f64();
  V.MeasuredSeconds = R.f64();
  V.NearestBaseSeconds = R.f64();
  V.Gated = R.u64();
  return R.atEnd();
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
