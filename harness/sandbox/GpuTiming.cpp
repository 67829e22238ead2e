//===- GpuTiming.cpp - Variants timed on a GPU behind the cpu gate --------===//
//
// Evaluator::evaluate on a GPU target. The gate judges the batch across its
// workers; each variant it passes goes at once to a timer thread, which
// times on the GPU whatever has arrived while the gate judges the rest (the
// two sandboxes are independent). The base is timed first, again after
// every BaseEvery variants and last, on one timeline over the whole batch;
// each variant's time is then taken relative to the base's measured
// nearest to it on that timeline.
//
//===----------------------------------------------------------------------===//

#include "gevo/harness/Evaluator.h"

#include "EvalWorker.h"

#include <algorithm>
#include <condition_variable>
#include <cstdlib>
#include <limits>
#include <mutex>
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

std::vector<VariantEval> Evaluator::evaluateOnGpu(
    const std::vector<std::string> &Bitcode, bool HeldOut,
    const std::function<void(size_t, const VariantEval &)> &OnEach) {
  char Kind = HeldOut ? EvalHeldOut : EvalCases;
  size_t N = Bitcode.size();
  // The timer thread's: the jobs timed so far, in order, and how many
  // variants since the base was last timed.
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
  // Variants the gate has passed wait here for the timer thread, which
  // times whatever has arrived while the gate judges the rest.
  std::mutex Lock;
  std::condition_variable Arrived;
  std::vector<size_t> Ready;
  bool Judging = true;
  auto Pass = [&](size_t I) {
    std::lock_guard<std::mutex> G(Lock);
    Ready.push_back(I);
    Arrived.notify_one();
  };
  std::thread Timer([&] {
    for (;;) {
      std::vector<size_t> Take;
      {
        std::unique_lock<std::mutex> L(Lock);
        Arrived.wait(L, [&] { return !Ready.empty() || !Judging; });
        if (Ready.empty())
          return;
        Take.swap(Ready);
      }
      TimeOnGpu(Take);
    }
  });
  std::vector<VariantEval> Judged;
  if (Gate)
    Judged = Gate->evaluate(Bitcode, HeldOut,
                            [&](size_t I, const VariantEval &V) {
                              if (V.S == Status::Ok)
                                Pass(I);
                            });
  else
    for (size_t I = 0; I < N; ++I)
      Pass(I);
  {
    std::lock_guard<std::mutex> G(Lock);
    Judging = false;
    Arrived.notify_one();
  }
  Timer.join();

  std::vector<VariantEval> Results(N);
  if (Gate)
    for (size_t I = 0; I < N; ++I)
      if (Judged[I].S != Status::Ok)
        Results[I] = gated(std::move(Judged[I]));
  if (!Timeline.empty())
    Timeline.push_back({NotAVariant, fromJob(Box->run(jobRequest(Kind, BaseBitcode)),
                                             HeldOut)});
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
  if (OnEach)
    for (size_t I = 0; I < N; ++I)
      OnEach(I, Results[I]);
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
