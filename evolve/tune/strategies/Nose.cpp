//===- Nose.cpp - NoSE: evolution with a weighted k-NN surrogate -----------===//
//
// Gatopoulos et al. A population of N measured configs; each generation
// breeds M = OffspringRatio * N fresh offspring (roulette-wheel parents,
// single-point crossover, uniform mutation with probability PMut per
// parameter), predicts each with a weighted k-NN regressor over every
// measured config (k neighbours, weights 1/distance, Canberra distance on
// the raw parameter vector, summed from cached per-parameter rows) and
// measures only the top E = MeasureRatio * N. The paper's k-NN searches
// every measured config; beyond knn-max (1,000 by default, more than its
// runs measure) gevo searches the most recent knn-max, so the cost per
// trial stays flat with history.
// The population becomes the best N of old and new.
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/tune/Strategies.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <unordered_set>

namespace gevo::evolve::tune {
namespace {

double canberra(const double *A, const double *B, size_t N) {
  double D = 0;
  for (size_t I = 0; I < N; ++I) {
    double Den = std::fabs(A[I]) + std::fabs(B[I]);
    if (Den > 0)
      D += std::fabs(A[I] - B[I]) / Den;
  }
  return D;
}

struct NoseOptions {
  size_t N;
  double OffspringRatio, MeasureRatio;
  size_t K;
  double PMut;
  size_t KnnMax;
};

class NoseTuner : public Tuner, NoseOptions {
public:
  NoseTuner(const Space &S, bool Hib, const NoseOptions &O)
      : Tuner(S, Hib), NoseOptions(O), M(size_t(std::ceil(N * OffspringRatio))),
        E(std::max<size_t>(1, size_t(N * MeasureRatio))), Columns(S.size()),
        RowCache(S.size()) {}

  std::vector<Config> ask(size_t Want, Rng &R) override {
    if (Queue.empty() && Pending == 0)
      generation(R);
    return takeQueued(Queue, Want);
  }

private:
  void generation(Rng &R) {
    std::vector<uint64_t> Next;
    if (Population.empty()) {
      for (size_t I = 0; I < N; ++I)
        if (auto C = claimRandom(R))
          Next.push_back(S.encode(*C));
    } else {
      Next = offspring(R);
    }
    Queue.assign(Next.begin(), Next.end());
    Pending = Next.size();
  }

  /// The top E of M fresh offspring by predicted fitness, claimed.
  std::vector<uint64_t> offspring(Rng &R) {
    std::vector<double> Fit;
    for (const Record &P : Population)
      Fit.push_back(P.Fitness);
    std::vector<Config> Kids;
    std::unordered_set<uint64_t> InKids;
    for (size_t Try = 0; Kids.size() < M && Try < 20 * M; ++Try) {
      Config A = S.decode(Population[roulette(Fit, R)].Code);
      Config B = S.decode(Population[roulette(Fit, R)].Code);
      size_t Point = S.size() > 1 ? 1 + R.below(S.size() - 1) : 0;
      std::copy(B.begin() + Point, B.end(), A.begin() + Point);
      for (size_t J = 0; J < S.size(); ++J)
        if (R.uniform() < PMut)
          A[J] = uint32_t(R.below(S.param(J).size()));
      uint64_t Code = S.encode(A);
      if (!seen(Code) && S.satisfies(A) && InKids.insert(Code).second)
        Kids.push_back(std::move(A));
    }
    std::vector<double> Pred;
    for (const Config &C : Kids)
      Pred.push_back(predict(C));
    std::vector<size_t> Idx = bestFirst(Pred);
    std::vector<uint64_t> Out;
    for (size_t I = 0; I < Idx.size() && Out.size() < E; ++I)
      if (claim(Kids[Idx[I]]))
        Out.push_back(S.encode(Kids[Idx[I]]));
    while (Out.size() < E) // too few fresh offspring: fill at random
      if (auto C = claimRandom(R))
        Out.push_back(S.encode(*C));
      else
        break;
    return Out;
  }

  /// The weighted k-NN prediction. The Canberra distance over the raw
  /// vector is a sum over parameters, so it is summed per parameter from a
  /// cached row of distances between C's value and every other value.
  double predict(const Config &C) {
    // The reference set: every measured config, or the KnnMax most recent.
    size_t First = KnnMax && History.size() > KnnMax ? History.size() - KnnMax : 0;
    size_t Rows = History.size() - First;
    Dist.assign(Rows, 0.0);
    for (size_t P = 0; P < S.size(); ++P) {
      const uint32_t *Col = Columns[P].data() + First;
      if (const std::vector<double> *Row = distanceRow(P, C[P])) {
        for (size_t I = 0; I < Rows; ++I)
          Dist[I] += (*Row)[Col[I]];
        continue;
      }
      const std::vector<double> &X = S.param(P).raw(C[P]);
      for (size_t I = 0; I < Rows; ++I)
        Dist[I] += canberra(X.data(), S.param(P).raw(Col[I]).data(), X.size());
    }
    std::vector<std::pair<double, double>> Near; // (distance, fitness)
    for (size_t I = 0; I < Rows; ++I) {
      double D = Dist[I];
      double F = History[First + I].Fitness;
      if (D < 1e-12)
        return F;
      if (Near.size() < K) {
        Near.push_back({D, F});
        std::push_heap(Near.begin(), Near.end());
      } else if (D < Near.front().first) {
        std::pop_heap(Near.begin(), Near.end());
        Near.back() = {D, F};
        std::push_heap(Near.begin(), Near.end());
      }
    }
    double Num = 0, Den = 0;
    for (const auto &[D, F] : Near)
      Num += F / D, Den += 1 / D;
    return Den > 0 ? Num / Den : 0;
  }

  /// Distances from value V of parameter P to each of its values, cached;
  /// null for a parameter too large to cache rows of.
  const std::vector<double> *distanceRow(size_t P, uint32_t V) {
    const Param &Par = S.param(P);
    if (Par.size() > 4096)
      return nullptr;
    std::vector<std::vector<double>> &Cache = RowCache[P];
    if (Cache.empty())
      Cache.resize(Par.size());
    std::vector<double> &Row = Cache[V];
    if (Row.empty())
      for (uint32_t U = 0; U < Par.size(); ++U)
        Row.push_back(canberra(Par.raw(V).data(), Par.raw(U).data(), Par.raw(V).size()));
    return &Row;
  }

  void told(size_t First) override {
    for (size_t I = First; I < History.size(); ++I) {
      addColumns(History[I].Code);
      Population.push_back(History[I]);
    }
    Pending -= std::min(Pending, History.size() - First);
    if (Pending == 0 && Queue.empty())
      survive();
  }
  void survive() {
    std::stable_sort(Population.begin(), Population.end(),
                     [](const Record &A, const Record &B) { return A.Fitness > B.Fitness; });
    if (Population.size() > N)
      Population.resize(N);
  }

  nlohmann::json saveState() const override {
    return {{"population", Population}, {"queue", Queue}, {"pending", Pending}};
  }
  void restoreState(const nlohmann::json &J) override {
    Population = J.at("population").get<std::vector<Record>>();
    Queue = J.at("queue").get<std::deque<uint64_t>>();
    reclaim(Queue);
    Pending = J.at("pending");
    Columns.assign(S.size(), {});
    for (const Record &R : History)
      addColumns(R.Code);
  }

  void addColumns(uint64_t Code) {
    Config C = S.decode(Code);
    for (size_t P = 0; P < S.size(); ++P)
      Columns[P].push_back(C[P]);
  }

  size_t M, E;
  std::vector<Record> Population;
  std::deque<uint64_t> Queue;
  size_t Pending = 0; // asked this generation, not told yet
  std::vector<std::vector<uint32_t>> Columns; // History's value indices, per parameter
  std::vector<std::vector<std::vector<double>>> RowCache; // per parameter, per value
  std::vector<double> Dist;                               // scratch: distance per History row
};

} // namespace

const StrategyInfo &infoNose() {
  static const StrategyInfo I = boundStrategy<NoseTuner, NoseOptions>(
      "nose",
      "NoSE: evolution whose offspring are ranked by a weighted k-NN "
      "surrogate (Canberra distance); only the top predicted are measured",
      {{"pop", &NoseOptions::N, 100, {2, 1e6}, "population N"},
       {"offspring-ratio", &NoseOptions::OffspringRatio, 1.5, {0.01, 100},
        "offspring per generation, times N"},
       {"measure-ratio", &NoseOptions::MeasureRatio, 0.3, {0.001, 100},
        "offspring measured per generation, times N"},
       {"k", &NoseOptions::K, 9, {1, 1e6}, "neighbours of the k-NN surrogate"},
       {"mutation", &NoseOptions::PMut, 0.3, {0, 1}, "probability of re-drawing each parameter"},
       {"knn-max", &NoseOptions::KnnMax, 1000, {0, 1e9},
        "the surrogate's neighbours come from the most recent this many "
        "measured configs (0: all, the paper's; bounds its cost per trial)"}},
      30);
  return I;
}

} // namespace gevo::evolve::tune
