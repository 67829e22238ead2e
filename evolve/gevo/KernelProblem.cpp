//===- KernelProblem.cpp - GEVO's objective: run variants on tests --------===//

#include "gevo/evolve/KernelProblem.h"
#include "gevo/evolve/Remote.h"
#include "gevo/support/EnumNames.h"

#include <chrono>

namespace gevo::evolve {

constexpr EnumName<GevoMode> Modes[] = {{GevoMode::Default, "default"},
                                        {GevoMode::MultiObjective, "mo"}};
constexpr EnumName<CostKind> CostKinds[] = {{CostKind::Time, "time"},
                                            {CostKind::Modeled, "modeled"},
                                            {CostKind::Count, "count"}};

std::optional<GevoMode> parseMode(const std::string &Name) {
  return parseName(Modes, Name);
}

std::optional<CostKind> parseCostKind(const std::string &Name) {
  return parseName(CostKinds, Name);
}

const char *modeName(GevoMode M) { return nameOf(Modes, M); }

const char *costKindName(CostKind C) { return nameOf(CostKinds, C, ""); }

Acceptance acceptance(const KernelObjective &O) {
  return {O.Mode == GevoMode::Default ? 0 : O.ErrorTolerance};
}

namespace {
/// The cost K of a variant or one of its cases (the same fields).
template <typename T> double costOf(CostKind K, const T &E) {
  switch (K) {
  case CostKind::Time:
    return E.Seconds;
  case CostKind::Modeled:
    return E.ModeledSeconds;
  case CostKind::Count:
    return double(E.ModeledCost);
  }
  return 0;
}
} // namespace

double KernelProblem::cost(const VariantEval &V) const {
  return costOf(O.Cost, V);
}

double KernelProblem::caseCost(const CaseEval &C) const {
  return costOf(O.Cost, C);
}

Evaluation KernelProblem::judge(const VariantEval &V) const {
  Evaluation R;
  R.S = V.S;
  R.Message = V.Message;
  R.CostSeconds = V.Seconds;
  nlohmann::json Cases = nlohmann::json::array();
  for (const CaseEval &C : V.Cases) {
    nlohmann::json J = {
        {"name", C.Name}, {"status", statusName(C.S)}, {"error", C.Error}};
    // A fault stops the launch wherever the other blocks have got to, so
    // only a completed run's cost is deterministic.
    if (C.S == Status::Ok || C.S == Status::WrongOutput) {
      J["modeled_cost"] = C.ModeledCost;
      if (C.ModeledSeconds > 0)
        J["modeled_ms"] = C.ModeledSeconds * 1e3;
    }
    if (O.Cost == CostKind::Time && !V.Gated) // not the cpu gate's wall time
      J["time_ms"] = C.Seconds * 1e3;
    if (V.NearestBaseSeconds > 0 && C.Runs > 0) { // timed on a GPU
      J["runs"] = C.Runs;
      J["ci_pct"] = 100 * C.Spread;
    }
    if (!C.FaultUid.empty())
      J["fault_uid"] = C.FaultUid;
    if (!C.OtherUid.empty())
      J["other_uid"] = C.OtherUid;
    Cases.push_back(std::move(J));
  }
  R.Detail = {{"cases", std::move(Cases)}, {"error", V.Error}};
  if (V.NearestBaseSeconds > 0) { // timed on a GPU, relative to the base
    R.Detail["measured_ms"] = V.MeasuredSeconds * 1e3;
    R.Detail["nearest_base_ms"] = V.NearestBaseSeconds * 1e3;
  }
  if (V.Gated)
    R.Detail["gated"] = true;
  if (R.S != Status::Ok)
    return R;
  R.Objectives = {cost(V)};
  if (O.Mode == GevoMode::MultiObjective)
    R.Objectives.push_back(V.Error);
  return R;
}

Prepared KernelProblem::resolve(Variant &G) const {
  auto Start = std::chrono::steady_clock::now();
  Prepared P = B.build(G);
  PrepareNanos += std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::steady_clock::now() - Start)
                      .count();
  ++PreparedCount;
  return P;
}

KernelProblem::Costs KernelProblem::costs() const {
  return {PrepareNanos * 1e-9, PreparedCount, JitSeconds, KernelSeconds,
          Measured};
}

std::optional<std::vector<KernelProblem::Resolved>>
KernelProblem::resolveAndMeasure(std::vector<Variant> &Batch) {
  if (!Remote)
    return std::nullopt;
  std::vector<std::string> Jobs;
  for (const Variant &G : Batch)
    Jobs.push_back(encodeJob(G));
  std::vector<double> BaseSeconds;
  std::vector<std::string> Results = Remote(Jobs, BaseSeconds);
  std::vector<Resolved> Out(Batch.size());
  for (size_t I = 0; I < Batch.size(); ++I) {
    Built B;
    if (!decodeBuilt(Results[I], B)) { // a bug, not the variant's doing
      Evaluation Bad;
      Bad.S = Status::Crash;
      Bad.Message = "a malformed result from another rank";
      Out[I].P.Key = "malformed:" + std::to_string(I);
      Out[I].P.Failed = Bad;
      continue;
    }
    Batch[I] = std::move(B.V);
    PrepareNanos += uint64_t(B.PrepareSeconds * 1e9);
    ++PreparedCount;
    Out[I].P = std::move(B.P);
    if (!B.Eval)
      continue;
    // Times relative to this machine's base (the ranks' may differ).
    double Scale = BaseSeconds[I] > 0 ? E.base().Seconds / BaseSeconds[I] : 1;
    B.Eval->Seconds *= Scale;
    for (CaseEval &C : B.Eval->Cases)
      C.Seconds *= Scale;
    JitSeconds += B.Eval->JitSeconds;
    KernelSeconds += B.Eval->Seconds;
    ++Measured;
    Out[I].Measured = judge(*B.Eval);
  }
  return Out;
}

std::vector<Evaluation>
KernelProblem::measure(const std::vector<const Prepared *> &Batch) {
  std::vector<std::string> Bitcode;
  Bitcode.reserve(Batch.size());
  for (const Prepared *P : Batch)
    Bitcode.push_back(P->Payload);
  std::vector<VariantEval> Evals = E.evaluate(Bitcode);
  std::vector<Evaluation> Out;
  Out.reserve(Evals.size());
  for (const VariantEval &V : Evals) {
    JitSeconds += V.JitSeconds;
    KernelSeconds += V.Seconds;
    ++Measured;
    Out.push_back(judge(V));
  }
  return Out;
}

EditListScorer KernelProblem::scorer() {
  return [this](const std::vector<std::vector<Edit>> &Lists) {
    std::vector<std::string> Bitcode;
    std::vector<std::optional<Objectives>> Out(Lists.size());
    std::vector<size_t> Built;
    for (size_t I = 0; I < Lists.size(); ++I) {
      Variant V{Lists[I], std::nullopt};
      Prepared P = B.build(V);
      if (P.Failed)
        continue;
      Bitcode.push_back(std::move(P.Payload));
      Built.push_back(I);
    }
    std::vector<VariantEval> Evals = E.evaluate(Bitcode);
    for (size_t K = 0; K < Built.size(); ++K) {
      Evaluation R = judge(Evals[K]);
      if (R.S == Status::Ok)
        Out[Built[K]] = R.Objectives;
    }
    return Out;
  };
}

} // namespace gevo::evolve
