//===- Engine.h - The ask/tell search engine ---------------------*- C++ -*-===//
//
// One engine for every search gevo does. A Strategy proposes candidates
// (ask) and learns their results (tell); a Problem turns a candidate into
// something measurable (prepare: thread-safe, run in parallel on TBB) and
// measures batches of prepared candidates (measure). The engine owns the
// budget, the fitness cache (keyed by what prepare says the candidate *is*,
// e.g. a hash of the variant's code, so different genomes giving the same
// code share one measurement), the log and the timing breakdown.
//
// Randomness is drawn only by the strategy, serially, from the engine's one
// seeded Rng; preparation is deterministic. So a seed gives the same log
// with any number of threads whenever measuring is deterministic.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_ENGINE_H
#define GEVO_EVOLVE_ENGINE_H

#include "gevo/harness/Status.h"
#include "gevo/support/Rng.h"

#include <nlohmann/json.hpp>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

namespace gevo::evolve {

/// One candidate's result. Objectives are minimised and set only when S is
/// Ok; a failed candidate is data, never an exception.
struct Evaluation {
  Status S = Status::Ok;
  std::vector<double> Objectives;
  std::string Message;
  /// What measuring it cost, in seconds (simulated for replayed
  /// measurements); counts against a simulated-time budget.
  double CostSeconds = 0;
  bool Cached = false; ///< Answered from the fitness cache.
  /// Anything the problem wants logged with it (per-case detail, ...).
  nlohmann::json Detail;
};

/// A candidate made ready to measure.
struct Prepared {
  /// What the candidate is, for the cache: equal keys, equal results.
  std::string Key;
  /// What the problem's measure() needs (e.g. the variant's bitcode).
  std::string Payload;
  /// Set when preparation already decided the result (an edit that does
  /// not apply, a config that breaks a constraint): not measured, cached.
  std::optional<Evaluation> Failed;
};

template <class Genome> class Strategy {
public:
  virtual ~Strategy() = default;
  /// Up to \p N candidates; all randomness from \p R. None: the search is
  /// finished.
  virtual std::vector<Genome> ask(size_t N, Rng &R) = 0;
  /// The results of the last ask, in its order.
  virtual void tell(const std::vector<Genome> &Asked,
                    const std::vector<Evaluation> &Results) = 0;
  /// State for a checkpoint, and back.
  virtual nlohmann::json save() const = 0;
  virtual void restore(const nlohmann::json &State) = 0;
};

template <class Genome> class Problem {
public:
  virtual ~Problem() = default;
  /// Called concurrently from several threads; must be deterministic.
  virtual Prepared prepare(const Genome &G) const = 0;
  /// What the engine calls: prepare(), after completing \p G where the
  /// genome stands for something only preparation can work out (GEVO: the
  /// random mutation a drawn seed stands for). The completed genome is what
  /// the log and tell() see.
  virtual Prepared resolve(Genome &G) const { return prepare(G); }
  /// Measures a batch (distinct keys, none cached), results in order.
  virtual std::vector<Evaluation>
  measure(const std::vector<const Prepared *> &Batch) = 0;
  /// Where candidates are prepared and measured together elsewhere (the
  /// ranks of an MPI job): resolves a whole batch in place and returns each
  /// candidate's preparation and, unless it failed, its measurement. The
  /// engine then uses those measurements where it would call measure() (a
  /// cached key's is dropped). Nullopt: prepare here, then measure.
  struct Resolved {
    Prepared P;
    std::optional<Evaluation> Measured;
  };
  virtual std::optional<std::vector<Resolved>>
  resolveAndMeasure(std::vector<Genome> &Batch) {
    return std::nullopt;
  }
  /// The genome as it appears in the log.
  virtual nlohmann::json describe(const Genome &G) const = 0;
};

struct Budget {
  uint64_t Evaluations = std::numeric_limits<uint64_t>::max();
  double Seconds = std::numeric_limits<double>::infinity();
  /// Seconds are the sum of Evaluation::CostSeconds, not wall time.
  bool Simulated = false;
};

struct EngineOptions {
  uint64_t Seed = 0;
  Budget Limit;
  size_t BatchSize = 64; ///< Most candidates asked for at once.
  unsigned Threads = 0;  ///< Preparation threads; 0: all cores.
};

/// One line of the log.
struct LogEntry {
  uint64_t Index = 0; ///< 0-based over the whole run.
  uint64_t Batch = 0; ///< Which ask it came from.
  nlohmann::json Genome;
  std::string Key;
  Evaluation Result;
};

/// Where the time went, in seconds.
struct TimeShares {
  double Strategy = 0; ///< in ask and tell
  double Prepare = 0;
  double Measure = 0;
  double Engine = 0; ///< everything else in run()
  double Wall = 0;      ///< run()'s, but for the callbacks
  double Callbacks = 0; ///< in OnEvaluation and OnBatch (logs, checkpoints)
};

template <class Genome> class Engine {
public:
  Engine(Problem<Genome> &P, Strategy<Genome> &S, EngineOptions Opts)
      : P(P), S(S), Opts(Opts), R(Opts.Seed) {}

  /// Called for every evaluation, in order.
  std::function<void(const LogEntry &)> OnEvaluation;
  /// Called after each batch has been told to the strategy (a safe point
  /// for a checkpoint).
  std::function<void()> OnBatch;

  /// Runs until the strategy stops or the budget is spent.
  void run() {
    using Clock = std::chrono::steady_clock;
    auto Seconds = [](Clock::time_point A, Clock::time_point B) {
      return std::chrono::duration<double>(B - A).count();
    };
    tbb::task_arena Arena(Opts.Threads ? int(Opts.Threads)
                                       : tbb::task_arena::automatic);
    auto Start = Clock::now();
    double Outside = 0; // time in callbacks, not the engine's
    while (!budgetSpent(Seconds(Start, Clock::now()) + WallBefore)) {
      size_t N = std::min<uint64_t>(Opts.BatchSize,
                                    Opts.Limit.Evaluations - Evaluations);
      auto T0 = Clock::now();
      std::vector<Genome> Asked = S.ask(N, R);
      auto T1 = Clock::now();
      Shares.Strategy += Seconds(T0, T1);
      if (Asked.empty())
        break;
      if (Asked.size() > N)
        Asked.resize(N);
      std::vector<Prepared> Preps(Asked.size());
      std::vector<std::optional<Evaluation>> Ready;
      if (auto Done = P.resolveAndMeasure(Asked)) {
        for (typename Problem<Genome>::Resolved &D : *Done) {
          Preps[Ready.size()] = std::move(D.P);
          Ready.push_back(std::move(D.Measured));
        }
      } else {
        Arena.execute([&] {
          tbb::parallel_for(size_t(0), Asked.size(),
                            [&](size_t I) { Preps[I] = P.resolve(Asked[I]); });
        });
      }
      auto T2 = Clock::now();
      // Prepared elsewhere, the batch was measured there too.
      (Ready.empty() ? Shares.Prepare : Shares.Measure) += Seconds(T1, T2);
      std::vector<Evaluation> Results = evaluate(Preps, Ready);
      auto T3 = Clock::now();
      Shares.Measure += Seconds(T2, T3);
      for (size_t I = 0; I < Asked.size(); ++I) {
        SimulatedSeconds += Results[I].CostSeconds;
        if (OnEvaluation)
          OnEvaluation({Evaluations, Batches, P.describe(Asked[I]),
                        Preps[I].Key, Results[I]});
        ++Evaluations;
      }
      auto T4 = Clock::now();
      S.tell(Asked, Results);
      auto T5 = Clock::now();
      Shares.Strategy += Seconds(T4, T5);
      ++Batches;
      if (OnBatch)
        OnBatch();
      Outside += Seconds(T3, T4) + Seconds(T5, Clock::now());
    }
    double Wall = Seconds(Start, Clock::now());
    Shares.Wall += Wall - Outside;
    Shares.Callbacks += Outside;
    Shares.Engine =
        Shares.Wall - Shares.Strategy - Shares.Prepare - Shares.Measure;
    WallBefore += Wall;
  }

  Rng &rng() { return R; }
  uint64_t evaluations() const { return Evaluations; }
  uint64_t batches() const { return Batches; }
  uint64_t cacheHits() const { return Hits; }
  double simulatedSeconds() const { return SimulatedSeconds; }
  const TimeShares &timeShares() const { return Shares; }

  /// The engine's state (Rng, counters, cache) and the strategy's.
  /// Without \p WithCache, the cache is left out: a caller that logs every
  /// first result (OnEvaluation) rebuilds it with remember() instead, and
  /// its checkpoints stay small however long the run.
  nlohmann::json save(bool WithCache = true) const {
    std::ostringstream Engine;
    Engine << const_cast<Rng &>(R).engine();
    nlohmann::json J = {{"rng", Engine.str()},          {"evaluations", Evaluations},
                        {"batches", Batches},           {"hits", Hits},
                        {"simulated_seconds", SimulatedSeconds},
                        {"wall_seconds", WallBefore},   {"strategy", S.save()}};
    if (WithCache) {
      nlohmann::json &Cache = J["cache"] = nlohmann::json::object();
      for (const auto &[Key, E] : Memo)
        Cache[Key] = toJson(E);
    }
    return J;
  }
  /// Puts a result back into the cache (restoring one saved without it);
  /// the first result of a key stays.
  void remember(const std::string &Key, const Evaluation &E) {
    Memo.emplace(Key, E);
  }
  void restore(const nlohmann::json &J) {
    std::istringstream Engine(J.at("rng").get<std::string>());
    Engine >> R.engine();
    Evaluations = J.at("evaluations");
    Batches = J.at("batches");
    Hits = J.at("hits");
    SimulatedSeconds = J.at("simulated_seconds");
    WallBefore = J.at("wall_seconds");
    Memo.clear();
    if (J.contains("cache"))
      for (const auto &[Key, E] : J.at("cache").items())
        Memo[Key] = fromJson(E);
    S.restore(J.at("strategy"));
  }

  static nlohmann::json toJson(const Evaluation &E) {
    return {{"status", statusName(E.S)}, {"objectives", E.Objectives},
            {"message", E.Message},      {"cost_seconds", E.CostSeconds},
            {"detail", E.Detail}};
  }
  static Evaluation fromJson(const nlohmann::json &J) {
    Evaluation E;
    E.S = parseStatus(J.at("status").get<std::string>()).value_or(Status::Crash);
    E.Objectives = J.at("objectives").get<std::vector<double>>();
    E.Message = J.at("message");
    E.CostSeconds = J.at("cost_seconds");
    E.Detail = J.at("detail");
    return E;
  }

private:
  bool budgetSpent(double Wall) const {
    if (Evaluations >= Opts.Limit.Evaluations)
      return true;
    double Spent = Opts.Limit.Simulated ? SimulatedSeconds : Wall;
    return Spent >= Opts.Limit.Seconds;
  }

  /// Cached results, then one measurement per new key; a key seen twice
  /// in one batch is measured once. With \p Ready (resolveAndMeasure), the
  /// measurements are there already: the first of each new key is used.
  std::vector<Evaluation>
  evaluate(const std::vector<Prepared> &Preps,
           const std::vector<std::optional<Evaluation>> &Ready) {
    std::vector<Evaluation> Results(Preps.size());
    std::vector<const Prepared *> Batch;
    std::vector<size_t> BatchAt; // Batch's index into Preps
    std::unordered_map<std::string, size_t> InBatch; // key -> Batch index
    std::vector<std::optional<size_t>> From(Preps.size());
    for (size_t I = 0; I < Preps.size(); ++I) {
      const Prepared &Pr = Preps[I];
      if (auto It = Memo.find(Pr.Key); It != Memo.end()) {
        Results[I] = cachedCopy(It->second);
      } else if (Pr.Failed) {
        Results[I] = *Pr.Failed;
        Memo.emplace(Pr.Key, Results[I]);
      } else {
        auto [It2, New] = InBatch.emplace(Pr.Key, Batch.size());
        if (New) {
          Batch.push_back(&Pr);
          BatchAt.push_back(I);
        }
        From[I] = It2->second;
      }
    }
    std::vector<Evaluation> Measured;
    if (Ready.empty() && !Batch.empty())
      Measured = P.measure(Batch);
    for (size_t At : Ready.empty() ? std::vector<size_t>() : BatchAt)
      Measured.push_back(Ready[At].value_or(Evaluation()));
    for (size_t I = 0; I < Preps.size(); ++I) {
      if (!From[I])
        continue;
      if (auto It = Memo.find(Preps[I].Key); It != Memo.end()) {
        Results[I] = cachedCopy(It->second);
        continue;
      }
      Results[I] = Measured[*From[I]];
      Memo.emplace(Preps[I].Key, Results[I]);
    }
    return Results;
  }

  Evaluation cachedCopy(const Evaluation &E) {
    ++Hits;
    Evaluation C = E;
    C.Cached = true;
    C.CostSeconds = 0;
    return C;
  }

  Problem<Genome> &P;
  Strategy<Genome> &S;
  EngineOptions Opts;
  Rng R;
  std::unordered_map<std::string, Evaluation> Memo;
  uint64_t Evaluations = 0, Batches = 0, Hits = 0;
  double SimulatedSeconds = 0, WallBefore = 0;
  TimeShares Shares;
};

} // namespace gevo::evolve

#endif
