//===- Tuner.cpp - Direction, function problems, the tuner base ------------===//

#include "gevo/evolve/tune/Tuner.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace gevo::evolve::tune {

using nlohmann::json;

Evaluation makeEvaluation(double Value, bool HigherIsBetter) {
  Evaluation E;
  E.Objectives = {HigherIsBetter ? -Value : Value};
  return E;
}

double valueOf(const Evaluation &E, bool HigherIsBetter) {
  return HigherIsBetter ? -E.Objectives.at(0) : E.Objectives.at(0);
}

double fitnessOf(const Evaluation &E, bool HigherIsBetter) {
  if (E.S != Status::Ok || E.Objectives.empty())
    return 0;
  double V = valueOf(E, HigherIsBetter);
  if (!std::isfinite(V))
    return 0;
  if (HigherIsBetter)
    return std::max(V, 0.0);
  return V > 0 ? 1 / V : 0;
}

Prepared keyedConfig(const Space &S, const Config &C,
                     std::optional<std::string> Unavailable) {
  Prepared P;
  P.Key = std::to_string(S.encode(C));
  if (Unavailable) {
    Evaluation E;
    E.S = Status::NotApplicable;
    E.Message = std::move(*Unavailable);
    P.Failed = E;
  }
  return P;
}

Prepared FunctionProblem::prepare(const Config &C) const {
  if (S.satisfies(C))
    return keyedConfig(S, C, std::nullopt);
  return keyedConfig(S, C, "breaks a constraint");
}

std::vector<Evaluation> measureEach(const std::vector<const Prepared *> &B,
                                    const std::function<Evaluation(uint64_t Code)> &Measure) {
  std::vector<Evaluation> Out;
  for (const Prepared *P : B)
    Out.push_back(Measure(std::stoull(P->Key)));
  return Out;
}

std::vector<Evaluation>
FunctionProblem::measure(const std::vector<const Prepared *> &B) {
  return measureEach(B, [&](uint64_t Code) {
    std::optional<double> V = F(S.decode(Code));
    Evaluation E;
    if (V) {
      E = makeEvaluation(*V, O.HigherIsBetter);
    } else {
      E.S = Status::CompileFail;
      E.Message = "the objective failed";
    }
    E.CostSeconds = Cost;
    return E;
  });
}

std::optional<double> syntheticTime(const Space &S, const Config &C) {
  uint64_t H = S.encode(C) * 0x9E3779B97F4A7C15ull;
  H ^= H >> 31;
  H *= 0xBF58476D1CE4E5B9ull;
  H ^= H >> 29;
  if (H % 10 == 0)
    return std::nullopt;
  double Bowl = 0;
  for (size_t I = 0; I < S.size(); ++I) {
    const Param &P = S.param(I);
    const std::vector<double> &F = P.features(C[I]);
    for (size_t J = 0; J < F.size(); ++J) {
      double Target = P.kind() == ParamKind::Factorization ? 1.0 / F.size()
                                                           : 0.5;
      Bowl += (F[J] - Target) * (F[J] - Target);
    }
  }
  return 1 + 4 * Bowl + 0.3 * double((H >> 8) % 1000) / 1000;
}

std::unique_ptr<FunctionProblem> syntheticProblem(Space S, double CostSeconds) {
  Space Copy = S;
  return std::make_unique<FunctionProblem>(
      std::move(S), Objective{"synthetic time", false},
      [Copy](const Config &C) { return syntheticTime(Copy, C); }, CostSeconds);
}

void Tuner::tell(const std::vector<Config> &Asked,
                 const std::vector<Evaluation> &Results) {
  size_t First = History.size();
  for (size_t I = 0; I < Asked.size(); ++I) {
    uint64_t Code = S.encode(Asked[I]);
    double F = tune::fitnessOf(Results[I], HigherIsBetter);
    Seen.insert(Code);
    if (!Measured.emplace(Code, F).second)
      continue; // told twice: keep the first
    History.push_back({Code, F});
    Best = std::max(Best, F);
  }
  told(First);
}

void to_json(json &J, const Tuner::Record &R) { J = {R.Code, R.Fitness}; }
void from_json(const json &J, Tuner::Record &R) {
  R = {J.at(0).get<uint64_t>(), J.at(1).get<double>()};
}

json Tuner::save() const {
  return {{"history", History}, {"scan_from", ScanFrom}, {"state", saveState()}};
}

void Tuner::restore(const json &J) {
  History.clear();
  Seen.clear();
  Measured.clear();
  Best = 0;
  for (const json &R : J.at("history")) {
    History.push_back(R.get<Record>());
    Seen.insert(History.back().Code);
    Measured.emplace(History.back().Code, History.back().Fitness);
    Best = std::max(Best, History.back().Fitness);
  }
  ScanFrom = J.at("scan_from");
  restoreState(J.at("state"));
}

bool Tuner::claim(const Config &C) {
  uint64_t Code = S.encode(C);
  if (Seen.count(Code) || !S.satisfies(C))
    return false;
  Seen.insert(Code);
  return true;
}

std::optional<Config> Tuner::claimRandom(Rng &R) {
  for (int Try = 0; Try < 256; ++Try)
    if (Config C = S.sample(R); claim(C))
      return C;
  // Nearly exhausted or heavily constrained: scan in order from where the
  // last scan stopped (each code is passed over at most once in a run).
  uint64_t N = S.restricted() ? S.members().size() : S.cardinality();
  for (; ScanFrom < N; ++ScanFrom) {
    Config C = S.decode(S.restricted() ? S.members()[ScanFrom] : ScanFrom);
    if (claim(C))
      return C;
  }
  return std::nullopt;
}

std::vector<Config> Tuner::claimPlanned(size_t N, std::deque<uint64_t> &Plan,
                                        bool FollowPlan, double Eps, Rng &R) {
  std::vector<Config> Out;
  claimEach(Out, N, R, [&] {
    std::optional<Config> C;
    if (FollowPlan && R.uniform() >= Eps)
      while (!C && !Plan.empty()) {
        Config T = S.decode(Plan.front());
        Plan.pop_front();
        if (claim(T))
          C = T;
      }
    return C;
  });
  return Out;
}

std::vector<Config> Tuner::takeQueued(std::deque<uint64_t> &Queue, size_t N) const {
  std::vector<Config> Out;
  while (Out.size() < N && !Queue.empty()) {
    Out.push_back(S.decode(Queue.front()));
    Queue.pop_front();
  }
  return Out;
}

void Tuner::claimNeighbours(const Config &From, size_t N, Rng &R, std::vector<Config> &Out) {
  std::vector<Config> Fresh;
  for (Config &C : S.neighbours(From))
    if (!seen(S.encode(C)) && S.satisfies(C))
      Fresh.push_back(std::move(C));
  for (size_t K = 0; K < N && !Fresh.empty(); ++K) {
    std::swap(Fresh[R.below(Fresh.size())], Fresh.back());
    claim(Fresh.back());
    Out.push_back(std::move(Fresh.back()));
    Fresh.pop_back();
  }
}

std::optional<double> Tuner::fitnessOf(uint64_t Code) const {
  auto It = Measured.find(Code);
  if (It == Measured.end())
    return std::nullopt;
  return It->second;
}

size_t roulette(const std::vector<double> &W, Rng &R) {
  double Sum = 0;
  for (double X : W)
    Sum += X;
  if (!(Sum > 0))
    return R.below(W.size());
  double T = R.uniform() * Sum;
  for (size_t I = 0; I < W.size(); ++I) {
    T -= W[I];
    if (T < 0)
      return I;
  }
  return W.size() - 1;
}

} // namespace gevo::evolve::tune
