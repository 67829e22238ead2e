//===- GpuTiming.cpp - Variants timed on a GPU behind the cpu gate --------===//
//
// Evaluator::evaluate on a GPU target. The batch is cut into chunks; while
// the GPU workers time the variants of one chunk that the gate let through,
// the gate judges the next (the two sandboxes are independent). The base
// is timed first, again after every BaseEvery variants and last, on one
// timeline over the whole batch; each variant's time is then taken
// relative to the base's measured nearest to it on that timeline.
//
//===----------------------------------------------------------------------===//

#include "gevo/harness/Evaluator.h"

#include "EvalWorker.h"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <thread>

namespace gevo {

using namespace sandbox;

namespace {
constexpr size_t NotAVariant = std::numeric_limits<size_t>::max();

/// One job timed on the GPU: a variant (its index in the batch) or the base.
struct Timed {
  size_t Index = NotAVariant;
  VariantEval V;
};
} // namespace

std::vector<VariantEval>
Evaluator::evaluateOnGpu(const std::vector<std::string> &Bitcode,
                         bool HeldOut) {
  char Kind = HeldOut ? EvalHeldOut : EvalCases;
  size_t N = Bitcode.size();
  std::vector<VariantEval> Results(N), Judged(N);
  std::vector<Timed> Timeline;
  size_t SinceBase = BaseEvery; // the first job is the base
  auto TimeOnGpu = [&](const std::vector<size_t> &Which) {
    std::vector<std::string> Requests;
    std::vector<size_t> Owner;
    for (size_t I : Which) {
      if (SinceBase >= BaseEvery) {
        Requests.push_back(jobRequest(Kind, BaseBitcode));
        Owner.push_back(NotAVariant);
        SinceBase = 0;
      }
      Requests.push_back(jobRequest(Kind, Bitcode[I]));
      Owner.push_back(I);
      ++SinceBase;
    }
    std::vector<JobResult> Jobs = Box->runAll(Requests);
    for (size_t J = 0; J < Jobs.size(); ++J)
      Timeline.push_back({Owner[J], fromJob(Jobs[J], HeldOut)});
  };
  // A chunk keeps the gate's workers busy twice over.
  size_t Chunk = Gate ? std::max<size_t>(BaseEvery, 2 * Gate->workerCount()) : N;
  auto Judge = [&](size_t From) {
    if (!Gate || From >= N)
      return;
    size_t To = std::min(N, From + Chunk);
    std::vector<std::string> Part(Bitcode.begin() + From, Bitcode.begin() + To);
    std::vector<VariantEval> Got = Gate->evaluate(Part, HeldOut);
    std::move(Got.begin(), Got.end(), Judged.begin() + From);
  };
  Judge(0);
  for (size_t From = 0; From < N; From += Chunk) {
    std::thread Next(Judge, From + Chunk);
    std::vector<size_t> Passed;
    for (size_t I = From; I < std::min(N, From + Chunk); ++I)
      if (!Gate || Judged[I].S == Status::Ok)
        Passed.push_back(I);
      else
        Results[I] = gated(std::move(Judged[I]));
    TimeOnGpu(Passed);
    Next.join();
  }
  if (Timeline.empty())
    return Results;
  Timeline.push_back(
      {NotAVariant, fromJob(Box->run(jobRequest(Kind, BaseBitcode)), HeldOut)});
  std::vector<size_t> BaseAt;
  for (size_t At = 0; At < Timeline.size(); ++At)
    if (Timeline[At].Index == NotAVariant)
      BaseAt.push_back(At);
  for (size_t At = 0; At < Timeline.size(); ++At) {
    size_t I = Timeline[At].Index;
    if (I == NotAVariant)
      continue;
    size_t Nearest = *std::min_element(
        BaseAt.begin(), BaseAt.end(), [At](size_t A, size_t B) {
          return std::labs(long(A) - long(At)) < std::labs(long(B) - long(At));
        });
    VariantEval V = std::move(Timeline[At].V);
    relativeToBase(V, Timeline[Nearest].V, HeldOut);
    Results[I] = Gate ? Gate->joinGate(std::move(V), Judged[I]) : std::move(V);
  }
  return Results;
}

VariantEval Evaluator::gated(VariantEval Judged) {
  Judged.Gated = true;
  Judged.Message = "cpu gate: " + Judged.Message;
  return Judged;
}

VariantEval Evaluator::joinGate(VariantEval OnGpu,
                                const VariantEval &Judged) const {
  OnGpu.ModeledCost = Judged.ModeledCost;
  OnGpu.ModeledSeconds = Judged.ModeledSeconds;
  for (CaseEval &C : OnGpu.Cases)
    for (const CaseEval &J : Judged.Cases)
      if (J.Name == C.Name) {
        C.ModeledCost = J.ModeledCost;
        C.ModeledSeconds = J.ModeledSeconds;
      }
  return OnGpu;
}

void Evaluator::relativeToBase(VariantEval &V, const VariantEval &Near,
                               bool HeldOut) const {
  const VariantEval &First = HeldOut ? BaseHeldOut : Base;
  V.MeasuredSeconds = V.Seconds;
  V.NearestBaseSeconds = Near.S == Status::Ok ? Near.Seconds : First.Seconds;
  if (V.S != Status::Ok || Near.S != Status::Ok ||
      Near.Cases.size() != V.Cases.size())
    return;
  V.Seconds = 0;
  for (size_t K = 0; K < V.Cases.size(); ++K) {
    double Then = Near.Cases[K].Seconds;
    if (Then > 0)
      V.Cases[K].Seconds *= First.Cases[K].Seconds / Then;
    V.Seconds += V.Cases[K].Seconds;
  }
}

} // namespace gevo
